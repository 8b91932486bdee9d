import LyricsCore
import Testing

@testable import ProviderAnswers

/// A song's TTML from the AMLL database, through the TTML reader (the invented `amll-song.ttml`:
/// two singers, background vocals, a translation on every line).
@Suite("AMLL TTML answers")
struct AMLLLyricsAnswerTests {
  @Test func wordsDuetBackgroundVocalsAndTranslationsComeThrough() throws {
    let answer = try AMLLLyricsAnswer.read(Fixture.bytes("amll-song.ttml"), locale: nil)
    guard case .lyrics(let found) = answer else {
      Issue.record("expected lyrics, got \(answer)")
      return
    }
    #expect(found.format == .ttml)
    #expect(found.isWordTimed)
    let lines = found.lyrics.lines
    #expect(lines.map(\.ms) == InventedSong.starts)
    #expect(lines.map(\.text) == InventedSong.texts)
    #expect(lines.map(\.translation) == InventedSong.translations)
    #expect(lines.map(\.agent) == ["v1", "v2", "v1"])
    #expect(lines[0].words.map(\.text) == ["纸船", "漂过", "安静的河"])
    let background = try #require(lines[1].background)
    #expect(background.text == "(亮起来)")
    #expect(background.translation == "(lighting up)")
    #expect(lines[0].background == nil)
  }

  @Test(arguments: ["", "<html>not found</html>", "<tt xmlns=\"http://www.w3.org/ns/ttml\"/>"])
  func aFileThatIsNotLyricsIsMalformed(text: String) {
    #expect {
      try AMLLLyricsAnswer.read(Array(text.utf8), locale: nil)
    } throws: { error in
      guard case .malformed = error as? ProviderAnswerError else { return false }
      return true
    }
  }
}
