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

  public init(metadata: [String: String] = [:], offsetMs: Int = 0, lines: [LyricLine] = []) {
    self.metadata = metadata
    self.offsetMs = offsetMs
    self.lines = lines
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

  public init(
    ms: Int, text: String, words: [LyricWord] = [], endMs: Int? = nil, translation: String? = nil
  ) {
    self.ms = ms
    self.text = text
    self.words = words
    self.endMs = endMs
    self.translation = translation
  }
}

/// A timed word (or syllable) of an enhanced line.
public struct LyricWord: Equatable, Sendable {
  /// Effective start time in milliseconds.
  public var ms: Int
  public var text: String

  public init(ms: Int, text: String) {
    self.ms = ms
    self.text = text
  }
}
