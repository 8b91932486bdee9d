import Testing

@testable import LyricsCore

@Suite("ESLyric")
struct ESLyricParserTests {
  @Test("each word ends at the stamp after it; spaces after a stamp end the word before")
  func basic() throws {
    let result = ESLyricParser.parse(
      "[ti:Small Hours]\n[00:10.82]Test[00:10.97] Word[00:12.62]\n[00:13.00]plain line")
    #expect(!result.hasErrors)
    let lines = result.lyrics.lines
    #expect(
      lines[0].words == [
        LyricWord(ms: 10820, text: "Test ", endMs: 10970),
        LyricWord(ms: 10970, text: "Word", endMs: 12620),
      ])
    #expect(lines[0].endMs == 12620 && lines[0].text == "Test Word")
    #expect(lines[1].words.isEmpty && lines[1].text == "plain line")
  }

  // Found by the `eslyric` fuzzer (Tests/FuzzRegressionTests/Regressions/eslyric): a word
  // stamp with a 25-digit field overflowed while its digits were summed, and trapped.
  @Test("a word stamp with an overlong field is text, and the line's other stamps stay")
  func overlongWordStamp() throws {
    let line = try #require(
      ESLyricParser.parse("[00:01.00]Hold[00:077777777777777777777774.00]house[00:02.00]")
        .lyrics.lines.first)
    #expect(line.ms == 1000 && line.endMs == 2000)
  }

  @Test("adjacent stamps leave a gap between words")
  func gap() throws {
    let line = try #require(
      ESLyricParser.parse("[00:01.00]a[00:01.50][00:02.00]b[00:02.50]").lyrics.lines.first)
    #expect(line.words.map(\.ms) == [1000, 2000] && line.words.map(\.endMs) == [1500, 2500])
  }

  @Test("a '[' of text right before a stamp does not hide the stamp")
  func bracketBeforeStamp() throws {
    let line = try #require(
      ESLyricParser.parse("[00:01.00]a[[00:01.50]b[00:02.00]").lyrics.lines.first)
    #expect(
      line.words == [
        LyricWord(ms: 1000, text: "a[", endMs: 1500), LyricWord(ms: 1500, text: "b", endMs: 2000),
      ])
  }

  @Test("a line that opens with '[' but holds no stamp is a warning unless it looks like a time")
  func untimedBracketLines() throws {
    let result = ESLyricParser.parse(
      "[ti:x]\n[x-kana:あ]\n[Chorus]\n[00:01.00]a[00:01.50]\n[00:1x.00]bad")
    #expect(result.lyrics.lines.count == 1)
    #expect(result.diagnostics.map(\.line) == [2, 3, 5])
    #expect(result.diagnostics.filter { $0.severity == .error }.map(\.line) == [5])
  }

  @Test("a line of bare stamps, or of several stamps before its text, reads as in LRC")
  func repeatedStamps() throws {
    let lines = ESLyricParser.parse(
      "[00:01.00]a[00:01.50]\n[00:02.00][00:03.00][00:04.00]\n[00:05.00][00:06.00]b\n"
    ).lyrics.lines
    #expect(lines.map(\.ms) == [1000, 2000, 3000, 4000, 5000, 6000])
    #expect(lines.map(\.text) == ["a", "", "", "", "b", "b"])
    #expect(lines[1...].allSatisfy { $0.words.isEmpty && $0.endMs == nil })
  }
}
