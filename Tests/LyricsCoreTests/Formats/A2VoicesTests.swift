import Testing

@testable import LyricsCore

@Suite("Enhanced LRC, A2 voices")
struct A2VoicesTests {
  static let duet = """
    [offset:+100]
    [00:01.00]v1: <00:01.00>Row <00:01.40>the <00:01.80>boat<00:02.50>
    [bg: <00:01.20>(row<00:01.60> row)<00:02.00>]
    [00:03.00]v2: <00:03.00>Down <00:03.50>stream<00:04.00>
    [00:03.20]bg: <00:03.20>(gently)<00:03.90>
    [00:05.00]v1: plain text keeps its prefix
    """

  @Test("v1:/v2: name the singer; [bg: …] and bg: lines are the line above's background")
  func duet() throws {
    let result = LRCParser.parse(Self.duet)
    #expect(!result.hasErrors, "\(result.diagnostics)")
    let lines = result.lyrics.lines
    try #require(lines.count == 3)
    #expect(lines[0].agent == "v1" && lines[0].text == "Row the boat")
    #expect(lines[0].words.first == LyricWord(ms: 900, text: "Row "))
    #expect(
      lines[0].background
        == LyricBackground(
          ms: 1100, endMs: 1900, text: "(row row)",
          words: [LyricWord(ms: 1100, text: "(row"), LyricWord(ms: 1500, text: " row)")]))
    #expect(lines[1].agent == "v2" && lines[1].background?.text == "(gently)")
    #expect(lines[1].background?.ms == 3100)
    #expect(lines[2].agent == nil && lines[2].text == "v1: plain text keeps its prefix")
  }

  @Test("written back and read again, the voices and background stay")
  func roundTrip() {
    let lyrics = LRCParser.parse(Self.duet).lyrics
    let written = LRCWriter.write(lyrics)
    #expect(LRCParser.parse(written).lyrics == lyrics, "\(written)")
  }

  @Test("a [bg: …] before any line is a warning; [bg:] without word stamps stays a tag")
  func stray() {
    let result = LRCParser.parse("[bg: <00:01.00>oh<00:02.00>]\n[bg:blue]\n[00:03.00]<00:03.00>a")
    #expect(result.diagnostics.map(\.line) == [1])
    #expect(result.lyrics.metadata["bg"] == "blue")
  }
}
