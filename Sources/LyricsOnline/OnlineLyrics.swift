import LyricsCore

/// Lyrics found online (or in the cache, which keeps what was found online): the record as
/// LRCLIB sent it (for another provider, the song's names in the same shape, and its lyrics
/// read in `lyrics`), what it offers, which provider sent it and whether it came from the cache.
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
    /// Asked now, of `provider` (the name is LRCLIB's from when it was the only one; `fetch
    /// --json` says the provider instead).
    case lrclib
    case cache
  }

  public var record: LRCLIBRecord
  public var kind: Kind
  public var origin: Origin
  /// The service that sent the lyrics.
  public var provider: OnlineProvider
  /// The lyrics of a provider other than LRCLIB, as its reader read them (word timing,
  /// translation, romanisation kept); nil for LRCLIB's, which are in `record`.
  public var lyrics: Lyrics?
  /// Another provider's own id of these lyrics (`ProviderLyricsID`), to fetch them again.
  public var providerID: String?

  public init(
    record: LRCLIBRecord, kind: Kind, origin: Origin, provider: OnlineProvider = .lrclib,
    lyrics: Lyrics? = nil, providerID: String? = nil
  ) {
    self.record = record
    self.kind = kind
    self.origin = origin
    self.provider = provider
    self.lyrics = lyrics
    self.providerID = providerID
  }

  /// The provider's id of these lyrics as a choice keeps it: the LRCLIB record's id, or
  /// another provider's own.
  public var choiceID: String {
    provider == .lrclib ? String(record.id) : providerID ?? ""
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
    case .lrclib: return provider.displayName
    case .cache: return "cache (\(provider.displayName))"
    }
  }
}
