/// The player `follow` follows now, as the `player` event and the terminal name it.
public struct FollowedPlayer: Equatable, Sendable {
  /// Its well-known bus name (`org.mpris.MediaPlayer2.mpv`).
  public var busName: String
  /// Its `Identity`, once it said.
  public var identity: String?
  /// The process that owns the name, once the bus said.
  public var processID: Int32?

  public init(busName: String, identity: String? = nil, processID: Int32? = nil) {
    self.busName = busName
    self.identity = identity
    self.processID = processID
  }
}
