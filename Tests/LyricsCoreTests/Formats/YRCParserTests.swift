import Testing

@testable import LyricsCore

@Suite("YRC")
struct YRCParserTests {
  @Test("stamps before words, zero-length punctuation, credits as metadata")
  func basic() throws {
    let result = YRCParser.parse(
      """
      {"t":0,"c":[{"tx":"作词: "},{"tx":"Mara Lind","li":"http://img.example/x.jpg"}]}
      {"t":900,"c":[{"tx":"作曲: "},{"tx":"Ode Park"}]}
      [1500,2000](1500,600,0)Still(2100,0,0), (2100,400,0)here (2500,1000,0)now
      """)
    #expect(!result.hasErrors, "\(result.diagnostics)")
    #expect(
      result.lyrics.credits == [
        LyricCredit(ms: 0, text: "作词: Mara Lind"), LyricCredit(ms: 900, text: "作曲: Ode Park"),
      ])
    let line = try #require(result.lyrics.lines.first)
    #expect(result.lyrics.lines.count == 1)
    #expect(line.text == "Still, here now")
    #expect(line.words.map(\.text) == ["Still", ", ", "here ", "now"])
    #expect(line.words[1] == LyricWord(ms: 2100, text: ", ", endMs: 2100))
    #expect(line.endMs == 3500)
  }

  @Test("a broken credit line is a warning; parentheses in text stay text")
  func edgeCases() throws {
    let result = YRCParser.parse("{\"t\":oops}\n[0,500](0,200,0)(so)(200,300,0) (x,1,0)")
    #expect(result.diagnostics.map(\.severity) == [.warning])
    let line = try #require(result.lyrics.lines.first)
    #expect(line.words.map(\.text) == ["(so)", " (x,1,0)"])
  }
}
