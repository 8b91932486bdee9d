import LyricsCore
import PlayerContract
import TestSupport
import Testing

@testable import Surface

/// The strip's next fill frame is due when the fill reaches its next whole pixel column: each
/// answer is checked against a scan of every millisecond through the fill's own mapping.
@Suite(.tags(.sanitized)) struct FillPacingTests {
  /// For each millisecond of `range`, the first later one in it whose column differs, found
  /// by evaluating the fill at every millisecond (nil: none in the range).
  private func scanned(
    _ line: LyricLine, nextLineMs: Int?, spans: [Range<Int32>], width: Int32,
    over range: ClosedRange<Int>
  ) -> [Int: Int] {
    let words = WordsByTime(line.words)
    let columns = range.map { ms in
      KaraokeFill.fillX(
        line: line, words: words, nextLineMs: nextLineMs, lyricMs: ms, spans: spans, width: width)
    }
    var next: [Int: Int] = [:]
    var index = columns.count - 2
    while index >= 0 {
      let ms = range.lowerBound + index
      // Equal to the next millisecond's column: the same first change as that one.
      next[ms] = columns[index + 1] != columns[index] ? ms + 1 : next[ms + 1]
      index -= 1
    }
    return next
  }

  private func nextMove(
    _ line: LyricLine, nextLineMs: Int?, spans: [Range<Int32>], width: Int32, after ms: Int
  ) -> Int? {
    KaraokeFill.nextMoveMs(
      line: line, words: WordsByTime(line.words), nextLineMs: nextLineMs, lyricMs: ms,
      spans: spans, width: width)
  }

  /// Lines of every kind the fill meets: plain (with an end, with only the next line, with
  /// neither), word by word, words out of order, a word of no width, words that start together,
  /// an end stamp before the last word, spans that do not match the words (filled as plain).
  private var lines: [(LyricLine, Int?, [Range<Int32>], Int32)] {
    let words = [
      LyricWord(ms: 1_000, text: "ab "), LyricWord(ms: 1_700, text: "c"),
      LyricWord(ms: 1_703, text: "defg "), LyricWord(ms: 2_900, text: "h"),
    ]
    let spans: [Range<Int32>] = [0..<37, 40..<41, 41..<160, 163..<163]
    return [
      (LyricLine(ms: 1_000, text: "plain", endMs: 2_333), 5_000, [0..<211], 211),
      (LyricLine(ms: 1_000, text: "plain"), 1_777, [0..<97], 97),
      (LyricLine(ms: 1_000, text: "plain"), nil, [0..<640], 640),
      (LyricLine(ms: 1_000, text: "w", words: words, endMs: 3_500), nil, spans, 163),
      (LyricLine(ms: 1_000, text: "w", words: words), 3_100, spans, 163),
      (LyricLine(ms: 1_000, text: "w", words: words, endMs: 2_000), nil, spans, 163),
      (LyricLine(ms: 1_000, text: "w", words: words.reversed(), endMs: 3_500), nil, spans, 163),
      (
        LyricLine(
          ms: 1_000, text: "w",
          words: [LyricWord(ms: 1_200, text: "a"), LyricWord(ms: 1_200, text: "b")],
          endMs: 1_900), nil, [0..<10, 10..<300], 300
      ),
      (LyricLine(ms: 1_000, text: "w", words: words, endMs: 3_500), nil, [0..<163], 163),
    ]
  }

  @Test func theNextColumnIsTheFirstMillisecondTheFillMovesTo() {
    for (line, nextLineMs, spans, width) in lines {
      // Every line's fill is still from 5_000 ms on, so a scan to 6_000 ms sees every change.
      let expectedAfter = scanned(
        line, nextLineMs: nextLineMs, spans: spans, width: width, over: 700...6_000)
      for ms in 700...5_600 {
        let found = nextMove(line, nextLineMs: nextLineMs, spans: spans, width: width, after: ms)
        let expected = expectedAfter[ms]
        guard found == expected else {
          Issue.record("\(line.text) at \(ms) ms: \(String(describing: found)), scan: \(expected)")
          return
        }
      }
    }
  }

  /// A slow word (2 s, 40 pixels) is drawn once per pixel it fills, not 60 times at 30 a second.
  @Test func aSlowWordTakesOneFramePerPixel() {
    let line = LyricLine(
      ms: 10_000, text: "slow", words: [LyricWord(ms: 10_000, text: "slow")], endMs: 12_000)
    var frames = 0
    var ms = 10_000
    while let next = nextMove(line, nextLineMs: nil, spans: [0..<40], width: 40, after: ms) {
      frames += 1
      ms = next
    }
    #expect(frames == 40)
    #expect(
      KaraokeFill.fillX(line: line, nextLineMs: nil, lyricMs: ms, spans: [0..<40], width: 40) == 40)
  }

  @Test func theFadeStepsAtTheirExactInstants() {
    var elapsed: Int64 = 0
    var steps: [Int] = [StripFade.step(elapsed: 0)]
    while let next = StripFade.nextStepElapsed(after: elapsed) {
      #expect(next > elapsed)
      #expect(StripFade.step(elapsed: next - 1) == StripFade.step(elapsed: elapsed))
      elapsed = next
      steps.append(StripFade.step(elapsed: elapsed))
    }
    #expect(steps == Array(0...StripFade.steps))
    #expect(elapsed == StripStyle.fadeNanos)
  }

  @Test func theInstantALyricTimeIsReachedFollowsTheClock() throws {
    let clock = DisplayClock(
      heard: HeardPosition(nanos: 2_000_400_000, isAdvancing: true), atNanos: 5_000_000_000,
      offsetMs: 150, latencyNanos: 3_000_000)
    let now: Int64 = 5_100_000_000
    let instant = try #require(clock.instant(reachingLyricMs: 2_400, after: now))
    #expect(clock.lyricMs(at: instant) == 2_400)
    #expect(clock.lyricMs(at: instant - 1) == 2_399)
    // Already reached: the next nanosecond, never the past.
    #expect(clock.instant(reachingLyricMs: 2_000, after: now) == now + 1)
    var paused = clock
    paused.heard.isAdvancing = false
    #expect(paused.instant(reachingLyricMs: 2_400, after: now) == nil)
  }
}
