import PlayerContract
import Testing

@testable import ID3
@testable import LyricsCore

@Suite("ID3 SYLT to lyrics")
struct ID3SyncedLyricsConversionTests {
  func lyrics(
    _ entries: [(String, UInt32)], format: ID3SyncedLyrics.TimestampFormat = .milliseconds,
    timing: MPEGFrameTiming? = nil
  ) -> Lyrics? {
    ID3SyncedLyrics(
      timestampFormat: format, entries: entries.map { ID3SyncedLyrics.Entry(text: $0, time: $1) }
    ).lyrics(frameTiming: timing)
  }

  @Test("with no line break anywhere, each entry is a line, to the millisecond")
  func entryPerLine() {
    let result = lyrics([("First line ", 250), ("Second line", 1_505), ("", 2_757)])
    #expect(
      result?.lines == [
        LyricLine(ms: 250, text: "First line"), LyricLine(ms: 1_505, text: "Second line"),
        LyricLine(ms: 2_757, text: ""),
      ])
  }

  @Test("a line break starting an entry starts a line; the entries between are words")
  func wordsBetweenLineBreaks() {
    let result = lyrics([
      ("\nHel", 100), ("lo ", 300), ("world", 520), ("\r\nsecond", 800), (" line", 910),
      ("", 990), ("\nalone", 1_200),
    ])
    #expect(
      result?.lines == [
        LyricLine(
          ms: 100, text: "Hello world",
          words: [
            LyricWord(ms: 100, text: "Hel"), LyricWord(ms: 300, text: "lo "),
            LyricWord(ms: 520, text: "world"),
          ]),
        LyricLine(
          ms: 800, text: "second line",
          words: [LyricWord(ms: 800, text: "second"), LyricWord(ms: 910, text: " line")],
          endMs: 990),
        LyricLine(ms: 1_200, text: "alone"),
      ])
  }

  @Test("a line break ending an entry ends its line")
  func trailingLineBreaks() {
    let result = lyrics([("one\n", 10), ("two", 20), (" three\n", 30), ("four\n", 40)])
    #expect(result?.lines.map(\.text) == ["one", "two three", "four"])
    #expect(result?.lines.map(\.ms) == [10, 20, 40])
    #expect(result?.lines[1].words.map(\.ms) == [20, 30])
  }

  @Test("the first entry starts a line even without a line break")
  func firstEntryStartsALine() {
    let result = lyrics([("Hel", 100), ("lo", 200), ("\nnext", 300)])
    #expect(result?.lines.map(\.text) == ["Hello", "next"])
    #expect(result?.lines.first?.words.count == 2)
  }

  @Test("lines are sorted by time, keeping frame order for equal times")
  func sortedLines() {
    let result = lyrics([("c", 300), ("a", 100), ("b1", 200), ("b2", 200)])
    #expect(result?.lines.map(\.text) == ["a", "b1", "b2", "c"])
  }

  @Test("words that go back in time keep their text but lose their timing")
  func wordsOutOfOrder() {
    let result = lyrics([("\nla", 500), (" di", 400), (" da", 600)])
    #expect(result?.lines == [LyricLine(ms: 500, text: "la di da")])
  }

  @Test("MPEG frame stamps become milliseconds from the frame length")
  func mpegFramesConverted() {
    // MPEG-1 Layer III at 44.1 kHz: 1152 samples, 26.12 ms a frame.
    let timing = MPEGFrameTiming(samplesPerFrame: 1152, sampleRate: 44_100)
    let result = lyrics([("a", 0), ("b", 10), ("c", 30)], format: .mpegFrames, timing: timing)
    #expect(result?.lines.map(\.ms) == [0, 261, 784])
  }

  @Test("MPEG frame stamps without a usable frame length give nothing")
  func mpegFramesWithoutTiming() {
    #expect(lyrics([("a", 10)], format: .mpegFrames) == nil)
    let broken = MPEGFrameTiming(samplesPerFrame: 1152, sampleRate: 0)
    #expect(lyrics([("a", 10)], format: .mpegFrames, timing: broken) == nil)
    let huge = MPEGFrameTiming(samplesPerFrame: Int.max / 2, sampleRate: 44_100)
    #expect(lyrics([("a", 10)], format: .mpegFrames, timing: huge) == nil)
  }

  @Test("written as LRC and read back, the lines and words are the same")
  func roundTripsThroughLRC() throws {
    let result = try #require(
      lyrics([("\nHel", 105), ("lo ", 333), ("world", 527), ("", 999), ("\nnext", 1_001)]))
    #expect(LRCParser.parse(LRCWriter.write(result)).lyrics == result)
  }
}
