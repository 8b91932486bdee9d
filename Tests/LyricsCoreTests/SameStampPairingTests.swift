import Testing

@testable import LyricsCore

/// Lines that share a stamp in LRC (`SameStampLines`): only a plausible translation pairs.
@Suite("Pairing that only pairs translations")
struct SameStampPairingTests {
  static func parse(_ name: String) throws -> LRCParseResult {
    LRCParser.parse(utf8: try Fixture.bytes("real-world-shaped/" + name))
  }

  @Test("an empty line gives way to the text on its stamp")
  func blankGivesWay() throws {
    let result = try Self.parse("blank-and-text-on-one-stamp.lrc")
    #expect(
      result.lyrics.lines == [
        LyricLine(ms: 5000, text: "The tide comes in"),
        LyricLine(ms: 9000, text: "The tide goes out"),
        LyricLine(ms: 12000, text: ""),
      ])
    #expect(result.diagnostics.isEmpty)
  }

  @Test("a Chinese line and a French background line on one stamp stay two lines")
  func backgroundIsNotATranslation() throws {
    let lines = try Self.parse("chinese-with-french-background.lrc").lyrics.lines
    #expect(lines.map(\.text) == ["海上的灯塔", "(la lumière au loin)", "照亮回家的路"])
    #expect(lines.allSatisfy { $0.translation == nil })
  }

  @Test("a Chinese line and its English translation on one stamp pair")
  func translationPairs() throws {
    let result = try Self.parse("chinese-with-english-translation.lrc")
    #expect(
      result.lyrics.lines == [
        LyricLine(ms: 10000, text: "海上的灯塔", translation: "The lighthouse on the sea"),
        LyricLine(ms: 14000, text: "照亮回家的路", translation: "Lights the way back home"),
      ])
    #expect(result.diagnostics.isEmpty)
  }

  @Test("two lines in one writing system are two voices, both kept")
  func twoVoices() throws {
    let lines = try Self.parse("two-voices-on-one-stamp.lrc").lyrics.lines
    #expect(
      lines.map(\.text) == [
        "I will wait for you here", "You will find me waiting", "By the harbour light",
      ])
    #expect(lines.allSatisfy { $0.translation == nil })
  }

  @Test("writing systems: kana is Japanese, hangul Korean, a hanzi outweighs a Latin word")
  func writingSystems() {
    #expect(WritingSystem.dominant(in: "夢を見た") == .japanese)
    #expect(WritingSystem.dominant(in: "사랑해") == .korean)
    #expect(WritingSystem.dominant(in: "Baby 你好") == .han)
    #expect(WritingSystem.dominant(in: "Ça va, déjà") == .latin)
    #expect(WritingSystem.dominant(in: "♪ ... 123") == nil)
    // Two-, three- and four-byte UTF-8, decoded by hand there.
    #expect(WritingSystem.dominant(in: "Привет, мир") == .cyrillic)
    #expect(WritingSystem.dominant(in: "Ελλάδα") == .greek)
    #expect(WritingSystem.dominant(in: "𠀀𠀁 ab") == .han)
    #expect(WritingSystem.dominant(in: "ab 你") == .han)  // 2 Latin letters, 1 hanzi weighing 3
    #expect(WritingSystem.dominant(in: "abc 你") == nil)  // a tie decides nothing
    #expect(SameStampLines.isTranslation("梦见了", of: "夢を見た"))
    #expect(!SameStampLines.isTranslation("（背景）", of: "Hello"))
    #expect(!SameStampLines.isTranslation("(la lumière)", of: "灯塔"))
    #expect(SameStampLines.isTranslation("lumière (au loin)", of: "灯塔"))
    #expect(!SameStampLines.isParenthesised("("))
  }

  @Test("writing LRC names a translation it cannot give back as one")
  func lossOfSameScriptTranslation() {
    let lyrics = Lyrics(lines: [
      LyricLine(ms: 1000, text: "海上的灯塔", translation: "The lighthouse"),
      LyricLine(ms: 2000, text: "Hello", translation: "Bonjour"),
    ])
    #expect(
      LyricsFormat.lrc.losses(writing: lyrics) == [
        "a translation in its line's writing system of 1 line(s) (plain LRC cannot hold it)"
      ])
    let back = LRCParser.parse(LRCWriter.write(lyrics)).lyrics.lines
    #expect(back.map(\.text) == ["海上的灯塔", "Hello", "Bonjour"])
  }

  /// 20,000 lines on one stamp took 28 s with the pairing that compared each line with every
  /// line kept before it. Held here by the work the pairing counts (not by a clock, which
  /// would make the test flaky on a loaded machine): at most two operations per line. The
  /// time itself is measured by `scripts/bench-parse` (see docs/benchmarks.md).
  @Test("pairing is linear in the lines on one stamp")
  func pairingIsLinear() {
    var state = LRCParseState()
    let count = 20_000
    for index in 0..<count {
      // All distinct, all Latin, so none pairs and each is looked up against all the others.
      state.addLine(LyricLine(ms: 0, text: "line \(index)"), sourceLine: index + 1)
    }
    let result = state.finish(untaggedListLimit: 10)
    #expect(result.lyrics.lines.count == count)
    #expect(state.pairingWork.lines == count)
    #expect(state.pairingWork.operations <= 2 * count)
  }
}
