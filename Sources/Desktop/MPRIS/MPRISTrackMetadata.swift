import SystemSupport

/// What another player's `Metadata` says about its track: the parts `follow` uses. Read from the
/// plain values of the property, so a player that leaves a key out or gives it another type
/// just leaves the field nil.
public struct MPRISTrackMetadata: Equatable, Sendable {
  public var trackID: String?
  public var title: String?
  public var artists: [String] = []
  public var album: String?
  /// `mpris:length`, µs; nil when the player does not say.
  public var lengthMicros: Int64?
  /// `xesam:url`: a `file://` URI for a local file, else whatever the player plays.
  public var url: String?
  /// `xesam:asText`: lyrics the player publishes itself.
  public var lyricsText: String?

  public init(
    trackID: String? = nil, title: String? = nil, artists: [String] = [], album: String? = nil,
    lengthMicros: Int64? = nil, url: String? = nil, lyricsText: String? = nil
  ) {
    self.trackID = trackID
    self.title = title
    self.artists = artists
    self.album = album
    self.lengthMicros = lengthMicros
    self.url = url
    self.lyricsText = lyricsText
  }

  /// The local file the player plays, when `xesam:url` is a `file://` URI.
  public var localPath: String? { url.flatMap(FileURI.path(fromURI:)) }

  /// Whether `other` is the same track (a new `Metadata` may only add the length or lyrics).
  public func isSameTrack(as other: MPRISTrackMetadata) -> Bool {
    trackID == other.trackID && url == other.url && title == other.title
      && artists == other.artists && album == other.album
  }

  init(_ value: DBusValue) {
    guard case .dictionary(let entries) = value else { return }
    for entry in entries {
      switch (entry.key, Self.unwrapped(entry.value)) {
      case ("mpris:trackid", .objectPath(let id)), ("mpris:trackid", .string(let id)):
        trackID = id
      case ("xesam:title", .string(let text)): title = text
      case ("xesam:artist", .strings(let names)): artists = names
      case ("xesam:artist", .string(let name)): artists = [name]
      case ("xesam:album", .string(let text)): album = text
      case ("xesam:url", .string(let text)): url = text
      case ("xesam:asText", .string(let text)): lyricsText = text
      case ("mpris:length", .int64(let micros)): lengthMicros = micros
      case ("mpris:length", .int32(let micros)): lengthMicros = Int64(micros)
      case ("mpris:length", .uint32(let micros)): lengthMicros = Int64(micros)
      case ("mpris:length", .double(let micros)) where micros.isFinite:
        lengthMicros = Int64(micros)
      default: break
      }
    }
    if let length = lengthMicros, length <= 0 { lengthMicros = nil }
  }

  static func unwrapped(_ value: DBusValue) -> DBusValue {
    if case .variant(let inner) = value { return unwrapped(inner) }
    return value
  }
}
