import Testing

@testable import LyricsCore

@Suite("LRC time tags")
struct LRCTimeTagTests {
  @Test(
    "every time tag form gives its milliseconds",
    arguments: [
      ("[01:02]", 62_000),
      ("[1:02]", 62_000),
      ("[00:12.5]", 12_500),
      ("[00:12.05]", 12_050),
      ("[00:12.005]", 12_005),
      ("[00:12.1234]", 12_123),  // more digits: truncated to ms
      ("[00:12.99999]", 12_999),
      ("[00:12:34]", 12_340),  // second colon + two digits = hundredths
      ("[01:02:345]", 62_345),  // second colon + three digits = ms (NetEase)
      ("[00:12:005]", 12_005),
      ("[1:02:3]", 3_723_000),  // second colon + one digit: hours, minutes, seconds
      ("[1:02:03.5]", 3_723_500),  // three fields with a fraction = hours
      ("[512:34.10]", 30_754_100),  // minutes beyond 59
      ("[-00:01.02]", -1_020),  // a leading minus makes it negative
      ("[ 00:01.00 ]", 1_000),  // spaces inside the brackets
    ])
  func forms(tag: String, ms: Int) {
    let result = LRCParser.parse("\(tag)text")
    #expect(result.lyrics.lines == [LyricLine(ms: ms, text: "text")])
    #expect(result.diagnostics.isEmpty)
  }

  // Found by the `lrc` fuzzer (Tests/FuzzRegressionTests/Regressions/lrc): the digits of a
  // field were summed before their count was checked, so 19 or more overflowed and trapped.
  @Test(
    "a field of more digits than any time has is not a time, however many",
    arguments: [
      "[8888888888888888888800:05.00]", "[00:99999999999999999999999.00]",
      "[1:2:99999999999999999999]",
    ])
  func overlongField(tag: String) {
    let result = LRCParser.parse("\(tag)text\n[00:01.00]kept")
    #expect(result.lyrics.lines == [LyricLine(ms: 1_000, text: "kept")])
  }

  @Test("seconds of 60 or more are accepted with a warning")
  func secondsOverflow() {
    let result = LRCParser.parse("[00:75.00]late")
    #expect(result.lyrics.lines == [LyricLine(ms: 75_000, text: "late")])
    #expect(result.diagnostics.count == 1)
    #expect(result.diagnostics.first?.severity == .warning)
    #expect(result.diagnostics.first?.line == 1)
  }

  @Test("several time tags before one text give one line each")
  func severalTags() {
    let result = LRCParser.parse("[00:12.00][01:30.50] chorus")
    #expect(
      result.lyrics.lines == [
        LyricLine(ms: 12_000, text: "chorus"), LyricLine(ms: 90_500, text: "chorus"),
      ])
  }

  @Test("whitespace may stand before, between and after the groups")
  func whitespaceAroundGroups() {
    let result = LRCParser.parse(" \t[00:01.00]  [00:02.00]\t text \t")
    #expect(result.lyrics.lines.map(\.ms) == [1000, 2000])
    #expect(result.lyrics.lines.allSatisfy { $0.text == "text" })
  }

  @Test(
    "a malformed first time tag is an error with its line, and the line is skipped",
    arguments: ["[00:1a.00]text", "[00:12.00 text", "[00:12.]text", "[00::12]text", "[-00:1x]t"])
  func malformed(line: String) throws {
    let result = LRCParser.parse("[00:01.00]before\n\(line)\n[00:03.00]after")
    #expect(result.lyrics.lines.map(\.text) == ["before", "after"])
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic == result.diagnostics.last)
    #expect(diagnostic.line == 2)
    #expect(diagnostic.severity == .error)
    #expect(result.hasErrors)
  }

  @Test("strict mode throws the first error with its line")
  func strictMode() {
    #expect(throws: LRCParseError(line: 2, message: "malformed time tag [00:1a.00]; line skipped"))
    {
      try LRCParser.parseStrict("[00:01.00]ok\n[00:1a.00]bad\n[00:1b.00]bad too")
    }
    #expect(throws: LRCParseError.self) { try LRCParser.parseStrict("[ti:no lines]") }
    #expect(throws: Never.self) {
      // Warnings do not make strict parsing fail.
      try LRCParser.parseStrict("untagged\n[00:01.00]ok")
    }
  }

  @Test("the time format writes canonical stamps")
  func timeFormat() {
    #expect(LRCTimeFormat.string(0) == "00:00.00")
    #expect(LRCTimeFormat.string(12_340) == "00:12.34")
    #expect(LRCTimeFormat.string(12_345) == "00:12.345")
    #expect(LRCTimeFormat.string(-1_020) == "-00:01.02")
    #expect(LRCTimeFormat.string(30_754_100) == "512:34.10")
  }
}
