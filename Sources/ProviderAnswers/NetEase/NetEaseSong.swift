/// One song of NetEase's search, in either of its answer shapes.
public struct NetEaseSong: Equatable, Sendable {
  public var id: Int
  public var name: String
  /// The artists' names, in the service's order.
  public var artists: [String]
  public var album: String?
  public var durationMs: Int?
  /// Other names of the song (a translated title), which a ranking may compare too.
  public var aliases: [String]

  public init(
    id: Int, name: String, artists: [String], album: String? = nil, durationMs: Int? = nil,
    aliases: [String] = []
  ) {
    self.id = id
    self.name = name
    self.artists = artists
    self.album = album
    self.durationMs = durationMs
    self.aliases = aliases
  }
}
