/// One lyrics record as LRCLIB's `/api/get` and `/api/search` return it. Every field but `id`
/// may be missing or null (a self-hosted or older server; a record being processed).
public struct LRCLIBRecord: Sendable, Equatable, Codable {
  public var id: Int
  public var trackName: String
  public var artistName: String
  public var albumName: String?
  /// Seconds; LRCLIB stores fractions.
  public var duration: Double?
  public var instrumental: Bool
  public var plainLyrics: String?
  /// LRC, possibly enhanced (word stamps), which `LRCParser` reads.
  public var syncedLyrics: String?
  /// LRCLIB's newer word-timed YAML document, kept as sent for a parser that reads it.
  public var lyricsfile: String?

  public init(
    id: Int, trackName: String, artistName: String, albumName: String? = nil,
    duration: Double? = nil, instrumental: Bool = false, plainLyrics: String? = nil,
    syncedLyrics: String? = nil, lyricsfile: String? = nil
  ) {
    self.id = id
    self.trackName = trackName
    self.artistName = artistName
    self.albumName = albumName
    self.duration = duration
    self.instrumental = instrumental
    self.plainLyrics = plainLyrics
    self.syncedLyrics = syncedLyrics
    self.lyricsfile = lyricsfile
  }

  enum CodingKeys: String, CodingKey {
    case id, name, trackName, artistName, albumName, duration, instrumental, plainLyrics
    case syncedLyrics, lyricsfile
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    // The server also sends `name` (the same as `trackName`); either will do.
    trackName =
      try container.decodeIfPresent(String.self, forKey: .trackName)
      ?? container.decodeIfPresent(String.self, forKey: .name) ?? ""
    artistName = try container.decodeIfPresent(String.self, forKey: .artistName) ?? ""
    albumName = try container.decodeIfPresent(String.self, forKey: .albumName)
    duration = try container.decodeIfPresent(Double.self, forKey: .duration)
    instrumental = try container.decodeIfPresent(Bool.self, forKey: .instrumental) ?? false
    plainLyrics = try container.decodeIfPresent(String.self, forKey: .plainLyrics)
    syncedLyrics = try container.decodeIfPresent(String.self, forKey: .syncedLyrics)
    lyricsfile = try container.decodeIfPresent(String.self, forKey: .lyricsfile)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(trackName, forKey: .trackName)
    try container.encode(artistName, forKey: .artistName)
    try container.encodeIfPresent(albumName, forKey: .albumName)
    try container.encodeIfPresent(duration, forKey: .duration)
    try container.encode(instrumental, forKey: .instrumental)
    try container.encodeIfPresent(plainLyrics, forKey: .plainLyrics)
    try container.encodeIfPresent(syncedLyrics, forKey: .syncedLyrics)
    try container.encodeIfPresent(lyricsfile, forKey: .lyricsfile)
  }

  /// Timed lyrics, when the record has a non-blank `syncedLyrics`.
  public var synced: String? { Self.nonBlank(syncedLyrics) }
  /// Untimed text, when the record has a non-blank `plainLyrics`.
  public var plain: String? { Self.nonBlank(plainLyrics) }

  /// What the record offers, best first: timed lyrics, plain text, "instrumental"; nil when it
  /// has nothing at all (a 200 with every field null counts as not found).
  public var kind: OnlineLyrics.Kind? {
    if synced != nil || Self.nonBlank(lyricsfile) != nil { return .synced }
    if plain != nil { return .plain }
    if instrumental { return .instrumental }
    return nil
  }

  private static func nonBlank(_ text: String?) -> String? {
    guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
    return text
  }
}
