import FoundationEssentials
import Testing

@testable import LyricsCore

@Suite("KRC text")
struct KRCParserTests {
  static func languageTag(_ json: String) -> String {
    Data(json.utf8).base64EncodedString()
  }

  @Test("word offsets are relative to the line; [language:] type 1 gives translations")
  func basic() throws {
    let language = Self.languageTag(
      #"{"content":[{"language":0,"type":0,"lyricContent":[["x"]]},"#
        + #"{"language":0,"type":1,"lyricContent":[["灯塔"],["//"],["海"]]}],"version":1}"#)
    let result = KRCParser.parse(
      """
      [id:$00000000]
      [ar:The Tide]
      [language:\(language)]
      [1000,1500]<0,500,0>Light<500,1000,0>house
      [3000,800]<0,800,0>...
      [4000,1000]<0,400,0>Sea <400,600,0>foam
      """)
    #expect(!result.hasErrors, "\(result.diagnostics)")
    let lines = result.lyrics.lines
    #expect(lines.map(\.translation) == ["灯塔", nil, "海"])
    #expect(result.lyrics.metadata["language"] == nil)
    #expect(result.lyrics.metadata["id"] == "$00000000")
    #expect(
      lines[2].words == [
        LyricWord(ms: 4000, text: "Sea ", endMs: 4400),
        LyricWord(ms: 4400, text: "foam", endMs: 5000),
      ])
  }

  @Test("a [language:] tag that is not base64 JSON is a warning, not the file")
  func badLanguage() {
    let result = KRCParser.parse("[language:%%%]\n[0,100]<0,100,0>a")
    #expect(result.lyrics.lines.count == 1)
    #expect(result.diagnostics.map(\.severity) == [.warning])
  }
}
