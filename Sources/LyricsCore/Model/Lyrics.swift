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
  /// The words of a file that has text but no time stamp at all (ID tags and lines, or a plain
  /// `.txt`): one row per line, blank rows parting the verses. Nil whenever `lines` has any:
  /// untimed text is shown as text, never given fake times.
  public var untimedText: String?

  public init(
    metadata: [String: String] = [:], offsetMs: Int = 0, lines: [LyricLine] = [],
    credits: [LyricCredit] = [], untimedText: String? = nil
  ) {
    self.metadata = metadata
    self.offsetMs = offsetMs
    self.lines = lines
    self.credits = credits
    self.untimedText = untimedText
  }

  /// Whether there is only untimed text to show (see `untimedText`).
  public var isUntimed: Bool { lines.isEmpty && untimedText != nil }

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
  /// `Int.min` for none (see `endMs`): an `Int?` would make every line 8 bytes longer.
  private var storedEndMs: Int
  /// What not every line carries (translation, romanisation, agent, background vocals), kept
  /// out of line; nil when all are nil. A parse makes hundreds of thousands of lines, each moved
  /// when they are sorted and paired. With the translation inline a line was eight machine
  /// words, a size the optimizer keeps in memory: each new line was built twice and copied over,
  /// a retain and a release of every string and array in it (callgrind: 8% of the LRC parse).
  /// At six words that is gone, for one allocation per line that has a translation.
  private var extras: LyricLineExtras?

  public init(
    ms: Int, text: String, words: [LyricWord] = [], endMs: Int? = nil, translation: String? = nil,
    romanisation: String? = nil, agent: String? = nil, background: LyricBackground? = nil
  ) {
    self.ms = ms
    self.text = text
    self.words = words
    storedEndMs = endMs ?? .min
    if translation == nil && romanisation == nil && agent == nil && background == nil {
      extras = nil  // the usual line: nothing to allocate
    } else {
      extras = LyricLineExtras(
        LyricLineExtras.Fields(
          translation: translation, romanisation: romanisation, agent: agent,
          background: background))
    }
  }

  /// A line as a reader first makes it, with an agent at most among its extras (a translation or
  /// background vocals come later, when lines are paired). For the readers' per-line path: the
  /// initializer above takes an optional `LyricBackground`, and even its default nil cost every
  /// line outlined calls to test and destroy that optional, about 30 instructions a line
  /// (callgrind, the LRC parse of scripts/bench-parse's file).
  init(readAt ms: Int, text: String, words: [LyricWord] = [], endMs: Int? = nil, agent: String?) {
    self.ms = ms
    self.text = text
    self.words = words
    storedEndMs = endMs ?? .min
    if let agent {
      extras = LyricLineExtras(LyricLineExtras.Fields(agent: agent))
    } else {
      extras = nil
    }
  }

  /// End of the line: the last word's end stamp, or the duration a format gives.
  public var endMs: Int? {
    get { storedEndMs == .min ? nil : storedEndMs }
    set { storedEndMs = newValue ?? .min }
  }

  /// Whether the line has a translation, a romanisation, an agent or background vocals.
  var hasExtras: Bool { extras != nil }

  /// A second line with the same time and different text (bilingual exports).
  public var translation: String? {
    get { extras?.fields.translation }
    set { update { $0.translation = newValue } }
  }

  /// The line spelt in Latin letters (Apple's transliterations, `x-roman`), beside the
  /// translation.
  public var romanisation: String? {
    get { extras?.fields.romanisation }
    set { update { $0.romanisation = newValue } }
  }

  /// Who sings the line in a duet (TTML `ttm:agent`, A2 `v1:`); nil when the file does not say.
  public var agent: String? {
    get { extras?.fields.agent }
    set { update { $0.agent = newValue } }
  }

  /// Background vocals sung over the line, with their own timing.
  public var background: LyricBackground? {
    get { extras?.fields.background }
    set { update { $0.background = newValue } }
  }

  /// The extras are immutable: a change makes new ones, so copies of a line never share a
  /// change (value semantics without a uniqueness check).
  private mutating func update(_ change: (inout LyricLineExtras.Fields) -> Void) {
    var fields = extras?.fields ?? LyricLineExtras.Fields()
    change(&fields)
    extras = fields.isEmpty ? nil : LyricLineExtras(fields)
  }
}

/// The parts of a `LyricLine` that not every line has, shared by its copies until one changes
/// them.
final class LyricLineExtras: Equatable, Sendable {
  struct Fields: Equatable, Sendable {
    var translation: String?
    var romanisation: String?
    var agent: String?
    var background: LyricBackground?

    var isEmpty: Bool {
      translation == nil && romanisation == nil && agent == nil && background == nil
    }
  }

  let fields: Fields

  init(_ fields: Fields) { self.fields = fields }

  static func == (lhs: LyricLineExtras, rhs: LyricLineExtras) -> Bool {
    lhs === rhs || lhs.fields == rhs.fields
  }
}

/// A timed word (or syllable) of an enhanced line.
public struct LyricWord: Equatable, Sendable {
  /// Effective start time in milliseconds.
  public var ms: Int
  public var text: String
  /// `Int.min` for none: an `Int?` would make every word 8 bytes longer.
  private var storedEndMs: Int

  public init(ms: Int, text: String, endMs: Int? = nil) {
    self.ms = ms
    self.text = text
    storedEndMs = endMs ?? .min
  }

  /// When the word stops being sung, where the format says (KRC, QRC, YRC, TTML durations);
  /// nil when only the next word's start bounds it.
  public var endMs: Int? {
    get { storedEndMs == .min ? nil : storedEndMs }
    set { storedEndMs = newValue ?? .min }
  }
}
