import Testing

@testable import LyricsCore

@Suite("QRC text")
struct QRCParserTests {
  @Test("words carry text before their absolute stamp, with their own ends")
  func basic() throws {
    let result = QRCParser.parse(
      "[ti:Harbour Lights]\n[ar:The Tide]\n[offset:0]\n"
        + "[1200,2300]Low (1200,400)tide (1600,500)tonight(2100,1400)\n")
    #expect(!result.hasErrors)
    let line = try #require(result.lyrics.lines.first)
    #expect(result.lyrics.title == "Harbour Lights")
    #expect(line.ms == 1200 && line.endMs == 3500)
    #expect(line.text == "Low tide tonight")
    #expect(
      line.words == [
        LyricWord(ms: 1200, text: "Low ", endMs: 1600),
        LyricWord(ms: 1600, text: "tide ", endMs: 2100),
        LyricWord(ms: 2100, text: "tonight", endMs: 3500),
      ])
  }

  @Test("parentheses that are not stamps are text; a space can be a word")
  func strayParentheses() throws {
    let result = QRCParser.parse("[0,900]((0,100)ooh(100,300) (400,100)(a)(500,200)b)(700,200)")
    let line = try #require(result.lyrics.lines.first)
    #expect(line.words.map(\.text) == ["(", "ooh", " ", "(a)", "b)"])
    #expect(line.text == "(ooh (a)b)")
    #expect(line.words[4].endMs == 900)
  }

  @Test("CRLF, blank lines, invalid stamps and untagged lines")
  func edgeCases() {
    let result = QRCParser.parse(
      "[1000,500]A(1000,500)\r\n\r\n[invalid,100]x(1,1)\r\n[-1,100]y(1,1)\r\nloose text\r\n"
        + "[2000,0]\r\n")
    #expect(result.lyrics.lines.map(\.text) == ["A", ""])
    #expect(result.diagnostics.map(\.line) == [3, 4, 5])
    #expect(result.diagnostics.map(\.severity) == [.error, .error, .warning])
  }

  @Test("the offset moves every time, words and ends included")
  func offset() throws {
    let lyrics = QRCParser.parse("[offset:+100]\n[1000,500]A(1000,200)B(1200,300)").lyrics
    let line = try #require(lyrics.lines.first)
    #expect(line.ms == 900 && line.endMs == 1400)
    #expect(line.words.map(\.ms) == [900, 1100] && line.words.map(\.endMs) == [1100, 1400])
  }
}
