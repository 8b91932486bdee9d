/// The one rule for a line's word times, applied by every reader (LRC and A2, LRCX, QRC, YRC,
/// KRC, ESLyric, TTML, lyricsfile) through `LyricLine.normaliseWordTiming()`, so a file means
/// the same whatever format it came in.
///
/// Word-timed lyrics exported from a widely used database write the space between two words as
/// a word of its own stamped at 0 (`word(1000,300) (0,0)next(1300,200)` in QRC, `(0,0,0)` in
/// YRC, `[00:00.000]` in ESLyric, `<span begin="00:00.000" end="00:00.000"> </span>` in TTML).
/// Kept as it was, that space "starts" at 0, so the word before it is never the current word.
/// The rule:
/// - a blank word (whitespace only) stamped at 0, or not after the word before it (or, as the
///   first word, before its line's start), is untimed: its text joins the word before it,
///   which keeps its own times (a first word's blank lead joins the word after it). "Not
///   after" takes in KRC's and LRCX's relative 0, which is the line's start: a space starting
///   with the word before it would end that word at once;
/// - a word's end stamped before its own start is no end (the space's 0 that ESLyric puts
///   after the word before it); the next word's start bounds it, as for a word with no end;
/// - a non-blank word stamped before its line, or before the word before it, is kept as
///   written and reported (`Slip`), for a warning with the file's line number.
public enum WordTimingRule {
  /// The first word stamped early in a line, and how many were.
  public struct Slip: Equatable, Sendable {
    /// The early word's start as written.
    public var ms: Int
    /// Before the line's own start (else before the word before it).
    public var beforeLine: Bool
    /// How many words of the line were stamped early.
    public var count: Int

    /// The warning's text, for the diagnostic of the line.
    public var message: String {
      let what = beforeLine ? "before the line's time" : "out of order"
      let more = count > 1 ? " (\(count) words in this line)" : ""
      return "word stamp \(LRCTimeFormat.string(ms)) \(what); kept in file order\(more)"
    }
  }

  /// Applies the rule to `words` of a line (or background part) starting at `lineMs`, in place.
  /// Times are as written (before any `[offset:]`), where a 0 is the exporter's "no time".
  public static func normalise(_ words: inout [LyricWord], lineMs: Int) -> Slip? {
    guard !words.isEmpty else { return nil }
    // Nearly every line already keeps the rule: one read-only pass settles it, with no write
    // through `inout`. The full rule, run on such a line, changes nothing and cost three times
    // as much (callgrind on scripts/bench-parse's file: 148 instructions a word-timed line).
    if keepsTheRule(words, lineMs: lineMs) { return nil }
    return normaliseInFull(&words, lineMs: lineMs)
  }

  /// The rule word by word (`normalise` without its shortcut; a test holds the two to the same
  /// result).
  static func normaliseInFull(_ words: inout [LyricWord], lineMs: Int) -> Slip? {
    guard !words.isEmpty else { return nil }
    var slip: Slip?
    var kept = 0  // words[..<kept] are the words that stay
    var lead = ""  // blank untimed text before the first word that stays
    var previousMs = lineMs
    for index in words.indices {
      // Only a zero or backward stamp can make a word untimed or early: the usual word costs
      // a few comparisons, not a scan of its text.
      let early = words[index].ms < previousMs
      let untimedIfBlank =
        early || words[index].ms == 0 || (kept > 0 && words[index].ms == previousMs)
      if untimedIfBlank, isBlank(words[index].text) {
        if kept > 0 {
          words[kept - 1].text += words[index].text
        } else {
          lead += words[index].text
        }
        continue
      }
      if early {
        if slip == nil {
          slip = Slip(ms: words[index].ms, beforeLine: kept == 0, count: 0)
        }
        slip?.count += 1
      }
      if let end = words[index].endMs, end < words[index].ms { words[index].endMs = nil }
      if !lead.isEmpty {
        words[index].text = lead + words[index].text
        lead = ""
      }
      previousMs = words[index].ms
      if kept != index { words.swapAt(kept, index) }
      kept += 1
    }
    // Nothing but untimed blanks: no word to join them to, and nothing moved; keep them.
    if kept == 0 { return nil }
    // Only when a word went: a mutation of a shared array copies it, and the parser still
    // holds the words it split.
    if kept < words.count { words.removeSubrange(kept...) }
    return slip
  }

  /// Whether `normalise` would leave `words` as they are and report nothing: every word starts
  /// after the word before it (the first at or after its line's start), none is stamped at 0,
  /// and none ends before it starts. Then no word is untimed (each test of the loop for a blank
  /// word needs a 0 or a stamp not after the one before), none is early, no end is dropped.
  static func keepsTheRule(_ words: [LyricWord], lineMs: Int) -> Bool {
    words.withUnsafeBufferPointer { buffer in
      var previousMs = lineMs
      for index in buffer.indices {
        let ms = buffer[index].ms
        if ms == 0 || ms < previousMs || (index > 0 && ms == previousMs) { return false }
        if let end = buffer[index].endMs, end < ms { return false }
        previousMs = ms
      }
      return true
    }
  }

  /// Whitespace only (an empty word counts: it has nothing to show at its time either).
  static func isBlank(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy(isSpace)
  }

  /// Unicode's white space (`White_Space`), by hand: the property look-up cost a share of the
  /// parse, and the list is short and fixed.
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
      0x3000:
      return true
    default: return false
    }
  }
}

extension LyricLine {
  /// `WordTimingRule` applied to the line's words and its background part's; the first slip
  /// found (the line's before its background's), for the reader's warning.
  public mutating func normaliseWordTiming() -> WordTimingRule.Slip? {
    var slip: WordTimingRule.Slip?
    if !words.isEmpty { slip = WordTimingRule.normalise(&words, lineMs: ms) }
    // `hasExtras` first: reading `background` on a line without extras still cost a copy of an
    // optional `LyricBackground` through its value witnesses, for every word-timed line.
    if hasExtras, var part = background, !part.words.isEmpty {
      let partSlip = part.normaliseWordTiming()
      background = part
      slip = slip ?? partSlip
    }
    return slip
  }
}

extension LyricBackground {
  /// `WordTimingRule` applied to the part's words.
  public mutating func normaliseWordTiming() -> WordTimingRule.Slip? {
    WordTimingRule.normalise(&words, lineMs: ms)
  }
}
