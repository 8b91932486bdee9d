import TestSupport
import Testing

@testable import LyricsCore

/// The LRC parse takes shortcuts for speed (docs/benchmarks.md, "The top floor and the readers
/// against 5c99e1b"): the line-end scan eight bytes at a time, the writing-system count on the
/// UTF-8 bytes, the word-timing rule's read-only check, the readers' line initializer. Each is
/// held here to the plain definition it replaces, on many generated inputs (seeded, so a failure
/// replays), so a shortcut can never change what a file reads as.
@Suite("The LRC parse's shortcuts agree with the plain rules")
struct LRCParseShortcutsTests {
  /// The line end and the `<` flag, byte by byte.
  static func plainLineEnd(_ bytes: [UInt8], from start: Int) -> (Int, Bool) {
    var end = start
    var hasAngle = false
    while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D {
      if bytes[end] == 0x3C { hasAngle = true }
      end += 1
    }
    return (end, hasAngle)
  }

  @Test("the line end and the `<` before it, eight bytes at a time")
  func lineEnd() {
    // Line ends and `<`, the bytes one above each (which the word test's borrow can flag
    // falsely: `\u{0B}`, `\u{0E}`, `=`), NUL, ASCII and a UTF-8 lead.
    let alphabet: [UInt8] = [0x0A, 0x0D, 0x3C, 0x0B, 0x0E, 0x3D, 0x00, 0x01, 0x61, 0x5B, 0xE4]
    var generator = SeededGenerator(seed: 22)
    for _ in 0..<3000 {
      let count = Int.random(in: 0...40, using: &generator)
      let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
      bytes.withUnsafeBufferPointer { buffer in
        for start in 0...count {
          let fast = LRCParser.lineEnd(buffer, from: start)
          let plain = Self.plainLineEnd(bytes, from: start)
          #expect(fast == plain, "\(bytes) from \(start)")
        }
      }
    }
    // A `<` after the line end in the same eight bytes is the next line's.
    let bytes = Array("ab\ncd<ef\n<".utf8)
    bytes.withUnsafeBufferPointer { buffer in
      #expect(LRCParser.lineEnd(buffer, from: 0) == (2, false))
      #expect(LRCParser.lineEnd(buffer, from: 3) == (8, true))
    }
  }

  /// `WritingSystem.dominant(in:)` as its documentation says, scalar by scalar.
  static func plainDominant(_ text: String) -> WritingSystem? {
    var weights = [Int](repeating: 0, count: WritingSystem.allCases.count)
    for scalar in text.unicodeScalars {
      guard let system = WritingSystem.of(scalar) else { continue }
      if system == .japanese || system == .korean { return system }
      weights[system.rawValue] += system == .han ? 3 : 1
    }
    let most = weights.max() ?? 0
    guard most > 0 else { return nil }
    let top = WritingSystem.allCases.filter { weights[$0.rawValue] == most }
    return top.count == 1 ? top[0] : nil
  }

  static func plainIsParenthesised(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    guard scalars.count >= 2, let first = scalars.first, let last = scalars.last else {
      return false
    }
    return (first == "(" || first == "（") && (last == ")" || last == "）")
  }

  @Test("the writing system and the parentheses, read from the UTF-8 bytes")
  func writingSystemFromBytes() {
    // Every branch of the byte reading: ASCII letters and not, 2-, 3- and 4-byte scalars, the
    // common CJK block and the han outside it, each script, kana and hangul, the marks.
    let pieces = [
      "a", "Z", " ", "1", "[", "é", "×", "ж", "α", "ἀ", "ḁ", "ע", "ب", "क", "ก", "한", "ㅎ", "あ",
      "ア", "ｱ", "你", "爱", "㐀", "豈", "𠀀", "Ａ", "♪", "…", "😀", "\u{0301}", "(", ")", "（", "）",
      "love ", "月亮 ", "EN ",
    ]
    var generator = SeededGenerator(seed: 23)
    for _ in 0..<5000 {
      let count = Int.random(in: 0...12, using: &generator)
      let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
      #expect(WritingSystem.dominant(in: text) == Self.plainDominant(text), "\(text)")
      #expect(SameStampLines.isParenthesised(text) == Self.plainIsParenthesised(text), "\(text)")
    }
    for text in ["()", "（）", "(）", "（)", "(", "（", ")", "（a", "a）", "(a", "≉", "(≉"] {
      #expect(SameStampLines.isParenthesised(text) == Self.plainIsParenthesised(text), "\(text)")
    }
  }

  @Test("the word-timing rule's shortcut leaves and reports what the full rule does")
  func wordTimingShortcut() {
    // Stamps near the line's start and each other, zeros, ends before starts, blank words:
    // every way a word can be untimed, early or lose its end.
    let texts = ["a", "b ", " ", "\t", "", "你"]
    var generator = SeededGenerator(seed: 24)
    for _ in 0..<5000 {
      let lineMs = [0, 1000, 1200].randomElement(using: &generator)!
      var words: [LyricWord] = []
      var ms = lineMs
      for _ in 0..<Int.random(in: 0...6, using: &generator) {
        ms = [0, ms, ms + 100, ms + 100, ms - 100].randomElement(using: &generator)!
        let end: Int? = [nil, nil, ms + 50, ms - 50, 0].randomElement(using: &generator)!
        words.append(
          LyricWord(ms: ms, text: texts.randomElement(using: &generator)!, endMs: end))
      }
      var fast = words
      var full = words
      let fastSlip = WordTimingRule.normalise(&fast, lineMs: lineMs)
      let fullSlip = WordTimingRule.normaliseInFull(&full, lineMs: lineMs)
      #expect(fast == full, "\(words) at \(lineMs)")
      #expect(fastSlip == fullSlip, "\(words) at \(lineMs)")
    }
  }

  @Test("the readers' line initializer makes the line the public one does")
  func readersInitializer() {
    let words = [LyricWord(ms: 1000, text: "Harbour "), LyricWord(ms: 1300, text: "light")]
    #expect(
      LyricLine(readAt: 1000, text: "Harbour light", words: words, endMs: 1800, agent: "v1")
        == LyricLine(ms: 1000, text: "Harbour light", words: words, endMs: 1800, agent: "v1"))
    let plain = LyricLine(readAt: 500, text: "x", agent: nil)
    #expect(plain == LyricLine(ms: 500, text: "x"))
    #expect(!plain.hasExtras)
  }
}
