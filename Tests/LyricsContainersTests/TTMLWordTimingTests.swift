import LyricsCore
import Testing

@testable import LyricsContainers

/// `WordTimingRule` in TTML: the space spans some word-timed TTML stamps at 00:00.000.
@Suite("TTML word timing from real exports")
struct TTMLWordTimingTests {
  @Test("a space span stamped 0 joins the word before it, in the line and its background")
  func spaceSpans() throws {
    let document = try readFixture("real-world-shaped/database-export.ttml")
    #expect(document.result.diagnostics.isEmpty, "\(document.result.diagnostics)")
    let lines = document.result.lyrics.lines
    try #require(lines.count == 2)
    #expect(
      lines[0].words == [
        LyricWord(ms: 1000, text: "Harbour ", endMs: 1300),
        LyricWord(ms: 1300, text: "light ", endMs: 1700),
        LyricWord(ms: 1700, text: "calling", endMs: 2500),
      ])
    #expect(lines[1].words.map(\.text) == ["home ", "now"])
    let background = try #require(lines[1].background)
    #expect(background.words.map(\.text) == ["(far ", "away)"])
    #expect(background.words.map(\.ms) == [3000, 3400])
  }
}
