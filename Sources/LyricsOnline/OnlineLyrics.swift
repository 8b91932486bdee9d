import LyricsCore

/// Lyrics found online (or in the cache, which keeps what was found online): the record as
/// LRCLIB sent it, what it offers, and where it came from.
public struct OnlineLyrics: Sendable, Equatable {
  public enum Kind: String, Sendable, Equatable, Codable {
    /// Timed lines (LRC or enhanced LRC in `syncedLyrics`, or a `lyricsfile`).
    case synced
    /// Text without timing: shown as text, never given fake times.
    case plain
    /// LRCLIB says the track has no words; the strip says so instead of staying blank.
    case instrumental
  }

  public enum Origin: String, Sendable, Equatable, Codable {
    case lrclib
    case cache
  }

  public var record: LRCLIBRecord
  public var kind: Kind
  public var origin: Origin

  public init(record: LRCLIBRecord, kind: Kind, origin: Origin) {
    self.record = record
    self.kind = kind
    self.origin = origin
  }

  /// The timed lyrics, parsed (enhanced LRC's word stamps included); nil for plain or
  /// instrumental records, or when only a `lyricsfile` is there (read by its own parser).
  public var parsedLyrics: LRCParseResult? {
    guard kind == .synced, let synced = record.synced else { return nil }
    return LRCParser.parse(synced)
  }

  /// A short name of where these lyrics came from, for the windows and messages.
  public var sourceName: String {
    switch origin {
    case .lrclib: return "LRCLIB"
    case .cache: return "cache (LRCLIB)"
    }
  }
}
