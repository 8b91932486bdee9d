import LyricsCore

/// What a service's lyrics answer holds: lyrics in one format, the service's word that the song
/// is instrumental, or that it has no lyrics for it (a miss to remember, unlike a refusal).
public enum ProviderLyricsAnswer: Equatable, Sendable {
  case lyrics(ProviderLyrics)
  case instrumental
  case noLyrics
}

/// Lyrics as a service sent them, read by lyricpip's reader of their format.
public struct ProviderLyrics: Equatable, Sendable {
  /// The format the service sent (`.krc`, `.yrc`, `.lrc`): word timing beats line timing.
  public var format: LyricsFormat
  /// The document and what its reader noticed.
  public var result: LRCParseResult

  public init(format: LyricsFormat, result: LRCParseResult) {
    self.format = format
    self.result = result
  }

  public var lyrics: Lyrics { result.lyrics }

  /// Whether any line has word timing.
  public var isWordTimed: Bool { result.lyrics.lines.contains { !$0.words.isEmpty } }

  /// Whether any line has a translation.
  public var isTranslated: Bool { result.lyrics.lines.contains { $0.translation != nil } }
}
