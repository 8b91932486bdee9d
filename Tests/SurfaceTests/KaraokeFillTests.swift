import LyricsCore
import TestSupport
import Testing

@testable import Surface

@Suite(.tags(.sanitized)) struct KaraokeFillTests {
  let enhanced = LyricLine(
    ms: 1_000, text: "ab cd",
    words: [LyricWord(ms: 1_000, text: "ab "), LyricWord(ms: 2_000, text: "cd")], endMs: 4_000)
  let spans: [Range<Int32>] = [0..<30, 30..<50]

  @Test func enhancedFillMovesSmoothlyThroughEachWord() {
    func fill(_ ms: Int) -> Int32 {
      KaraokeFill.fillX(line: enhanced, nextLineMs: 5_000, lyricMs: ms, spans: spans, width: 50)
    }
    #expect(fill(900) == 0)
    #expect(fill(1_000) == 0)
    #expect(fill(1_500) == 15)
    #expect(fill(2_000) == 30)
    #expect(fill(3_000) == 40)
    #expect(fill(4_000) == 50)
    #expect(fill(4_500) == 50)
  }

  @Test func plainFillCrossesTheLineUntilTheNextOne() {
    let plain = LyricLine(ms: 0, text: "plain")
    #expect(
      KaraokeFill.fillX(line: plain, nextLineMs: 2_000, lyricMs: 500, spans: [0..<100], width: 100)
        == 25)
    #expect(
      KaraokeFill.fillX(
        line: plain, nextLineMs: 2_000, lyricMs: 2_500, spans: [0..<100], width: 100) == 100)
    // The last line with no end fills over a default length.
    let last = KaraokeFill.fillX(
      line: plain, nextLineMs: nil, lyricMs: KaraokeFill.defaultLineMs / 2, spans: [0..<100],
      width: 100)
    #expect(last == 50)
  }

  @Test func theFillNeedsFramesOnlyWhileItMoves() {
    func nextMove(_ ms: Int) -> Int? {
      KaraokeFill.nextMoveMs(
        line: enhanced, words: WordsByTime(enhanced.words), nextLineMs: 5_000, lyricMs: ms,
        spans: spans, width: 50)
    }
    // Before the first word nothing moves until its first column (30 px in 1 s: at 17 ms).
    #expect(nextMove(900) == 1_017)
    #expect(nextMove(1_500) == 1_517)
    #expect(nextMove(4_000) == nil)
    #expect(nextMove(4_200) == nil)
  }

  /// A word stamped before the word before it (kept as written): the fill starts moving at the
  /// earliest start, where `WordsByTime` has a word sung, not at the first word's stamp.
  @Test func aFillWithWordsOutOfOrderMovesFromTheEarliestStart() {
    let early = LyricLine(
      ms: 1_000, text: "ab cd",
      words: [LyricWord(ms: 2_000, text: "ab "), LyricWord(ms: 1_000, text: "cd")], endMs: 4_000)
    func nextMove(_ ms: Int) -> Int? {
      KaraokeFill.nextMoveMs(
        line: early, words: WordsByTime(early.words), nextLineMs: 5_000, lyricMs: ms,
        spans: spans, width: 50)
    }
    // "cd" (30..<50) is sung from 1 s: its 20 columns over 1 s, the first at 25 ms.
    #expect(nextMove(900) == 1_000)
    #expect(nextMove(1_500) == 1_525)
    #expect(WordsByTime(early.words).word(at: 1_500) == 1)
  }

  /// The strip keeps the words by time with the line's images; both ways give the same fill.
  @Test func theWordsMadeOnceGiveTheSameFill() {
    let words = WordsByTime(enhanced.words)
    for ms in stride(from: 800, through: 4_600, by: 100) {
      #expect(
        KaraokeFill.fillX(
          line: enhanced, words: words, nextLineMs: 5_000, lyricMs: ms, spans: spans, width: 50)
          == KaraokeFill.fillX(
            line: enhanced, nextLineMs: 5_000, lyricMs: ms, spans: spans, width: 50))
    }
  }

  @Test func positionMovesOnlyWhilePlayingAndStopsAtTheEnd() {
    let paused = NowPlaying(durationMs: 10_000, positionMs: 3_000, atNanos: 0, isPlaying: false)
    #expect(paused.position(atNanos: 2_000_000_000) == 3_000)
    var playing = paused
    playing.clock.heard.isAdvancing = true
    playing.clock.offsetMs = 250
    #expect(playing.position(atNanos: 2_000_000_000) == 5_000)
    #expect(playing.lyricMs(atNanos: 2_000_000_000) == 5_250)
    #expect(playing.position(atNanos: 60_000_000_000) == 10_000)
  }
}
