/// A lyrics document: metadata and lines, with every time already "effective" (the file's
/// `[offset:]` applied), sorted by time with equal times in file order.
///
/// A plain value with no back-references: a line does not know its document, so copies are
/// cheap and safe to hand to other threads.
public struct Lyrics: Equatable, Sendable {
  /// ID tags as read: keys lowercased and trimmed, values trimmed, the last duplicate wins.
  /// `offset` is kept here as written (for example `"+250"`); `offsetMs` is its value.
  public var metadata: [String: String]
  /// The file's `[offset:]` in milliseconds; positive makes lyrics appear sooner.
  public var offsetMs: Int
  /// Sorted by `ms`; lines with equal `ms` keep file order.
  public var lines: [LyricLine]
  /// Who wrote, composed or produced the song, as the file credits them (NetEase's JSON credit
  /// lines, Apple's songwriters); not lyric lines, so never shown as one.
  public var credits: [LyricCredit]

  public init(
    metadata: [String: String] = [:], offsetMs: Int = 0, lines: [LyricLine] = [],
    credits: [LyricCredit] = []
  ) {
    self.metadata = metadata
    self.offsetMs = offsetMs
    self.lines = lines
    self.credits = credits
  }

  public var title: String? { metadata["ti"] }
  public var artist: String? { metadata["ar"] }
  public var album: String? { metadata["al"] }
}

/// One timed line. An empty `text` is a "clear the display" marker and is kept.
public struct LyricLine: Equatable, Sendable {
  /// Effective start time in milliseconds; may be negative.
  public var ms: Int
  public var text: String
  /// Enhanced-LRC word timing; empty for plain lines. The words joined are `text`.
  public var words: [LyricWord]
  /// End of the last word, from a final word stamp followed by no text.
  public var endMs: Int?
  /// A second line with the same time and different text (bilingual exports).
  public var translation: String?
  /// The line spelt in Latin letters (Apple's transliterations, `x-roman`), beside the
  /// translation.
  public var romanisation: String?
  /// Who sings the line in a duet (TTML `ttm:agent`, A2 `v1:`); nil when the file does not say.
  public var agent: String?
  /// Background vocals sung over the line, with their own timing.
  public var background: LyricBackground?

  public init(
    ms: Int, text: String, words: [LyricWord] = [], endMs: Int? = nil, translation: String? = nil,
    romanisation: String? = nil, agent: String? = nil, background: LyricBackground? = nil
  ) {
    self.ms = ms
    self.text = text
    self.words = words
    self.endMs = endMs
    self.translation = translation
    self.romanisation = romanisation
    self.agent = agent
    self.background = background
  }
}

/// A timed word (or syllable) of an enhanced line.
public struct LyricWord: Equatable, Sendable {
  /// Effective start time in milliseconds.
  public var ms: Int
  public var text: String
  /// When the word stops being sung, where the format says (KRC, QRC, YRC, TTML durations);
  /// nil when only the next word's start bounds it.
  public var endMs: Int?

  public init(ms: Int, text: String, endMs: Int? = nil) {
    self.ms = ms
    self.text = text
    self.endMs = endMs
  }
}
