/// What another player's `org.mpris.MediaPlayer2.Player` properties say, from a `GetAll` (all
/// of them) or a `PropertiesChanged` (only what changed): nil fields were not in it.
public struct MPRISPlayerChange: Equatable, Sendable {
  public enum Status: String, Sendable {
    case playing = "Playing"
    case paused = "Paused"
    case stopped = "Stopped"
  }

  public var status: Status?
  public var metadata: MPRISTrackMetadata?
  public var rate: Double?
  /// A `Position` a player chose to signal (MPRIS says it must not; some do).
  public var positionMicros: Int64?

  public init(
    status: Status? = nil, metadata: MPRISTrackMetadata? = nil, rate: Double? = nil,
    positionMicros: Int64? = nil
  ) {
    self.status = status
    self.metadata = metadata
    self.rate = rate
    self.positionMicros = positionMicros
  }

  public var isEmpty: Bool { self == MPRISPlayerChange() }

  /// From the `a{sv}` of properties; keys and types it does not know are passed over.
  init(properties: DBusValue) {
    guard case .dictionary(let entries) = properties else { return }
    for entry in entries {
      switch (entry.key, MPRISTrackMetadata.unwrapped(entry.value)) {
      case ("PlaybackStatus", .string(let text)): status = Status(rawValue: text)
      case ("Metadata", let value): metadata = MPRISTrackMetadata(value)
      case ("Rate", .double(let value)) where value.isFinite && value > 0: rate = value
      case ("Position", .int64(let micros)): positionMicros = micros
      default: break
      }
    }
  }
}
