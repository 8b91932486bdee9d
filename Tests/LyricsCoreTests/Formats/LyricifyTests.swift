import FoundationEssentials
import Testing

@testable import LyricsCore

@Suite("Lyricify formats")
struct LyricifyTests {
  @Test("Lyricify Syllable: words, duet sides as v1/v2, background vocals on their line")
  func syllable() throws {
    let bytes = try Fixture.bytes("lyricify/duet.lys")
    #expect(LyricsFormatDetector.detect(bytes).format == .lys)
    let result = LyricifySyllableParser.parse(utf8: bytes)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let lyrics = result.lyrics
    #expect(lyrics.title == "Lanterns on the Pier")
    #expect(lyrics.lines.count == 5)
    #expect(lyrics.lines.map(\.agent) == ["v1", "v2", "v1", "v2", nil])
    let first = lyrics.lines[0]
    #expect(first.text == "Light the lanterns ")
    #expect(first.ms == 12030)
    #expect(first.endMs == 13490)
    #expect(
      first.words.prefix(2) == [
        LyricWord(ms: 12030, text: "Light ", endMs: 12440),
        LyricWord(ms: 12440, text: "the ", endMs: 12670),
      ])
    let background = try #require(lyrics.lines[1].background)
    #expect(background.text == "(all along)")
    #expect(background.ms == 15900)
    #expect(background.endMs == 17080)
    #expect(background.words.count == 3)
    #expect(lyrics.lines[2].background?.text == "(here)")
    #expect(lyrics.lines.allSatisfy { $0.translation == nil })
  }

  @Test("Lyricify Syllable: a background line with nothing before it, an unknown mark")
  func syllableOddLines() {
    let result = LyricifySyllableParser.parse("[6](oh)(100,200)\n[9]Yes(500,100)\n[4]no stamp")
    #expect(result.lyrics.lines.map(\.text) == ["(oh)", "Yes"])
    #expect(result.diagnostics.map(\.line) == [1, 2, 3])
    #expect(!result.hasErrors)
  }

  @Test("Lyricify Lines: the second number is the end, not a duration")
  func lines() throws {
    let bytes = try Fixture.bytes("lyricify/pier.lyl")
    #expect(LyricsFormatDetector.detect(bytes).format == .lyl)
    let result = LyricifyLinesParser.parse(utf8: bytes)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let lines = result.lyrics.lines
    #expect(lines.map(\.ms) == [12030, 15010, 18000, 20500, 23000])
    #expect(lines.map(\.endMs) == [14940, 16240, 19450, 22200, 25050])
    #expect(lines[0].text == "Light the lanterns")
    #expect(lines.allSatisfy { $0.words.isEmpty })
  }

  @Test("QRC whose lines carry no word stamps stays QRC")
  func qrcLinesStayQRC() {
    let qrc = "[ti:x]\n[500,3000]Intro\n[12030,2910]Light\n[15010,1230]One\n[18000,1450]We"
    #expect(LyricsFormatDetector.detect(Array(qrc.utf8)).format == .qrc)
  }

  @Test("KRC [language:] type 0 is the romanisation, word strings joined by spaces")
  func krcRomanisation() {
    let json =
      #"{"content":[{"language":0,"type":0,"lyricContent":[["ni ","hao"],["",""],["shi","jie"]]},"#
      + #"{"language":0,"type":1,"lyricContent":[["hello"],[""],["world"]]}],"version":1}"#
    let tag = Data(json.utf8).base64EncodedString()
    let result = KRCParser.parse(
      "[language:\(tag)]\n[0,500]<0,200,0>你<200,300,0>好\n[600,100]<0,100,0>…\n"
        + "[800,400]<0,200,0>世<200,200,0>界")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    #expect(result.lyrics.lines.map(\.romanisation) == ["ni hao", nil, "shi jie"])
    #expect(result.lyrics.lines.map(\.translation) == ["hello", nil, "world"])
  }

  @Test("what each Lyricify format writes reads back the same")
  func roundTrips() throws {
    let lys = LyricifySyllableParser.parse(utf8: try Fixture.bytes("lyricify/duet.lys")).lyrics
    #expect(LyricsFormat.lys.losses(writing: lys).isEmpty)
    let lysAgain = LyricifySyllableParser.parse(LyricifySyllableWriter.write(lys))
    #expect(lysAgain.diagnostics.isEmpty)
    #expect(lysAgain.lyrics == lys)
    let lyl = LyricifyLinesParser.parse(utf8: try Fixture.bytes("lyricify/pier.lyl")).lyrics
    #expect(LyricsFormat.lyl.losses(writing: lyl).isEmpty)
    let written = LyricifyLinesWriter.write(lyl)
    #expect(LyricsFormatDetector.detect(Array(written.utf8)).format == .lyl)
    #expect(LyricifyLinesParser.parse(written).lyrics == lyl)
  }

  @Test("losses: what Lyricify Syllable and Lines cannot hold is named")
  func losses() {
    var line = LyricLine(ms: 1000, text: "plain", endMs: 2000, translation: "t", agent: "v3")
    line.romanisation = "r"
    let lyrics = Lyrics(lines: [line, LyricLine(ms: 3000, text: "open")])
    let lys = LyricsFormat.lys.losses(writing: lyrics)
    #expect(lys.count == 4, "\(lys)")
    #expect(
      lys.contains {
        $0.hasPrefix("the line without word timing (written as one timed word) of 2 line(s)")
      })
    #expect(lys.contains { $0.hasPrefix("a singer other than v1 (left) and v2 (right) of 1") })
    let lyl = LyricsFormat.lyl.losses(writing: lyrics)
    #expect(lyl.contains { $0.hasPrefix("no end (written as the next line's start) of 1") })
    #expect(lyl.contains { $0.hasPrefix("the singer (agent) of 1") })
  }
}
