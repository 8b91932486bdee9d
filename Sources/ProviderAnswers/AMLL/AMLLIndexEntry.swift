/// One song of the AMLL TTML database's metadata index (`metadata/raw-lyrics-index.jsonl`), as
/// lyricpip needs it: the names to match a track against, and where its TTML is.
public struct AMLLIndexEntry: Equatable, Sendable {
  /// The song's names (the database keeps several: the original, a translated one…).
  public var titles: [String]
  /// Each artist on its own.
  public var artists: [String]
  public var albums: [String]
  /// NetEase Cloud Music song ids (digits only), under which the TTML is kept as
  /// `ncm-lyrics/<id>.ttml`.
  public var neteaseIds: [String]
  /// The length of the recording in milliseconds, when the line gives one (the index has been
  /// seen without it; see `AMLLIndexLine`).
  public var durationMs: Int?
  /// The submission's own file under `raw-lyrics/`, for a song without a NetEase id.
  public var rawLyricFile: String?

  public init(
    titles: [String], artists: [String], albums: [String] = [], neteaseIds: [String] = [],
    durationMs: Int? = nil, rawLyricFile: String? = nil
  ) {
    self.titles = titles
    self.artists = artists
    self.albums = albums
    self.neteaseIds = neteaseIds
    self.durationMs = durationMs
    self.rawLyricFile = rawLyricFile
  }

  /// The TTML's path below the database's base URL: `ncm-lyrics/<id>.ttml` by the first NetEase
  /// id, else `raw-lyrics/<file>`; nil when there is neither.
  public var lyricsPath: String? {
    if let id = neteaseIds.first { return "ncm-lyrics/\(id).ttml" }
    if let rawLyricFile { return "raw-lyrics/\(rawLyricFile)" }
    return nil
  }
}
