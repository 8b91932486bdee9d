import Testing

@testable import LyricsCore

/// The word timing rule every reader applies (`WordTimingRule`), on the export shapes of a
/// word-timed lyrics database (`Fixtures/real-world-shaped`), and the word follower by time.
@Suite("Word timing from real exports")
struct WordTimingRuleTests {
  /// What every export of `database-export.*` must read as: the spaces joined to the word
  /// before them, each word keeping its own start.
  static let harbourStarts: [[Int]] = [[1000, 1300, 1700], [3000, 3400]]
  static let harbourTexts: [[String]] = [["Harbour ", "light ", "calling"], ["home ", "now"]]

  static func parse(_ name: String) throws -> LRCParseResult {
    let bytes = try Fixture.bytes("real-world-shaped/" + name)
    switch name {
    case "database-export.qrc": return QRCParser.parse(utf8: bytes)
    case "database-export.yrc": return YRCParser.parse(utf8: bytes)
    case "database-export.krc": return KRCParser.parse(utf8: bytes)
    case "database-export.eslyric.lrc": return ESLyricParser.parse(utf8: bytes)
    default: return LRCParser.parse(utf8: bytes)
    }
  }

  @Test(
    "a space stamped 0 joins the word before it, which keeps its time",
    arguments: [
      "database-export.qrc", "database-export.yrc", "database-export.krc",
      "database-export.eslyric.lrc", "database-export.a2.lrc",
    ])
  func exportSpaces(name: String) throws {
    let result = try Self.parse(name)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let lines = result.lyrics.lines
    #expect(lines.map { $0.words.map(\.text) } == Self.harbourTexts)
    #expect(lines.map { $0.words.map(\.ms) } == Self.harbourStarts)
    #expect(lines.map(\.text) == ["Harbour light calling", "home now"])
    // No word keeps the space's 0 as its end.
    #expect(lines.allSatisfy { $0.words.allSatisfy { ($0.endMs ?? $0.ms) >= $0.ms } })
    // While "Harbour" is sung, it is the current word (before the rule: the space was).
    let timeline = Timeline(lyrics: result.lyrics)
    #expect(timeline.position(at: 1100) == .init(line: 0, word: 0))
    #expect(timeline.position(at: 1400) == .init(line: 0, word: 1))
    #expect(timeline.nextChange(after: 1000) == 1300)
  }

  @Test("QRC's word keeps its own end when the space after it is joined")
  func qrcEnds() throws {
    let words = try Self.parse("database-export.qrc").lyrics.lines[0].words
    #expect(words.map(\.endMs) == [1300, 1700, 2500])
  }

  @Test("LRCX's [tt] offsets: a space at offset 0 is the line's start and joins the word before")
  func lrcxSpaces() {
    let result = LRCXParser.parse(
      "[00:01.000]Harbour light\n[00:01.000][tt]<0,0><0,7><300,8><700,13>")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    #expect(
      result.lyrics.lines.first?.words == [
        LyricWord(ms: 1000, text: "Harbour "), LyricWord(ms: 1300, text: "light"),
      ])
  }

  @Test("a non-blank word stamped early is kept and warned about, with its line")
  func earlyWordsWarn() {
    let result = QRCParser.parse("[ti:x]\n[1000,900]a(1000,300)b(900,100)c(1500,400)\n")
    #expect(result.lyrics.lines[0].words.map(\.ms) == [1000, 900, 1500])
    #expect(result.diagnostics.map(\.line) == [2])
    #expect(result.diagnostics.first?.severity == .warning)
    #expect(result.diagnostics.first?.message.contains("00:00.90") == true)
    let before = YRCParser.parse("[1000,900](800,100,0)a(1000,300,0)b\n")
    #expect(
      before.diagnostics.map(\.message) == [
        "word stamp 00:00.80 before the line's time; kept in file order"
      ])
  }

  @Test("the rule itself: leading blanks, blank-only lines, ends before starts")
  func ruleEdges() {
    var lead = [
      LyricWord(ms: 0, text: " "), LyricWord(ms: 1000, text: "a"),
      LyricWord(ms: 1200, text: "b", endMs: 0),
    ]
    #expect(WordTimingRule.normalise(&lead, lineMs: 1000) == nil)
    #expect(lead == [LyricWord(ms: 1000, text: " a"), LyricWord(ms: 1200, text: "b")])
    var blanks = [LyricWord(ms: 0, text: " "), LyricWord(ms: 0, text: "\t")]
    #expect(WordTimingRule.normalise(&blanks, lineMs: 500) == nil)
    #expect(blanks.count == 2)  // nothing to join them to: left as they were
    // A blank with a time of its own is a timed pause and stays.
    var pause = [LyricWord(ms: 1000, text: "a"), LyricWord(ms: 1100, text: " ")]
    #expect(WordTimingRule.normalise(&pause, lineMs: 1000) == nil)
    #expect(pause.count == 2)
  }

  @Test("the word follower picks words by time, as the karaoke fill does")
  func followerByTime() {
    let line = LyricLine(
      ms: 0, text: "abc",
      words: [
        LyricWord(ms: 0, text: "a"), LyricWord(ms: 800, text: "b"), LyricWord(ms: 400, text: "c"),
      ])
    let byTime = WordsByTime(line.words)
    #expect(byTime.word(at: 0) == 0)
    #expect(byTime.word(at: 500) == 2)
    #expect(byTime.word(at: 900) == 1)
    #expect(byTime.nextStart(after: 0) == 400)
    #expect(byTime.nextStart(after: 400) == 800)
    #expect(byTime.nextStart(after: 800) == nil)
  }
}
