import Testing

@testable import LyricsCore

@Suite("LRCX")
struct LRCXParserTests {
  @Test("[tt] word timing by UTF-16 offset and [tr:] translations join their line")
  func basic() throws {
    let result = LRCXParser.parse(
      """
      [ti:Silver Dragon]
      [offset:50]
      [00:23.467]夜の海 sea
      [00:23.467][tt]<0,0><150,1><350,3><900,7>
      [00:23.467][tr:zh-Hans]夜之海
      [00:23.467][fu]<よる,0,1>
      [00:30.000]next
      """)
    #expect(!result.hasErrors, "\(result.diagnostics)")
    let line = try #require(result.lyrics.lines.first)
    #expect(result.lyrics.lines.count == 2)
    #expect(line.ms == 23417)
    #expect(line.translation == "夜之海")
    #expect(line.words.map(\.text) == ["夜", "の海", " sea"])
    #expect(line.words.map(\.ms) == [23417, 23567, 23767])
    #expect(line.endMs == 24317)
  }

  @Test("an attachment without its line, or malformed, is a warning")
  func orphan() {
    let result = LRCXParser.parse("[00:01.00]a\n[00:09.00][tr:en]lost\n[00:01.00][tt]<x>")
    #expect(result.diagnostics.map(\.line) == [2, 3])
    #expect(result.lyrics.lines.map(\.text) == ["a"])
  }
}
