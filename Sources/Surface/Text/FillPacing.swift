import LyricsCore
import PlayerContract

/// When the karaoke fill next crosses a whole pixel: the instant the strip's next fill frame is
/// due, so that a slow word is drawn once per column it fills rather than at the frame rate
/// (a 2 s word 40 pixels wide: 40 frames, not 60).
///
/// The answer is read from the fill's own mapping (`KaraokeFill.fillX`, lyric milliseconds to a
/// pixel column), not from a formula beside it that could round another way: the fill never
/// goes back inside one stretch between its breaks (a word start, the line's start and end),
/// so the first millisecond of a new column is found by bisection on that stretch.
enum FillPacing {
  /// The first whole lyric millisecond after `lyricMs` at which `fill` gives another column than
  /// at `lyricMs`; nil when it never changes again. `fill` must not decrease on each stretch
  /// `[breaks[i], breaks[i + 1])` (nor before the first break) and must stay constant from the
  /// last break on; it may jump either way at a break.
  static func nextChangeMs(
    after lyricMs: Int, breaks: [Int], fill: (Int) -> Int32
  ) -> Int? {
    let stops = Array(Set(breaks)).sorted()
    let column = fill(lyricMs)
    var from = lyricMs
    // Each pass crosses one stretch whose columns all equal `column`; at most one per break.
    while let end = stops.first(where: { $0 > from }) {
      // `fill` does not decrease on [from, end): the columns still equal to `column` come first.
      var low = from + 1
      var high = end
      while low < high {
        let middle = low + (high - low) / 2
        if fill(middle) != column { high = middle } else { low = middle + 1 }
      }
      if low < end || fill(end) != column { return low }
      from = end
    }
    return nil
  }
}

extension KaraokeFill {
  /// The first lyric millisecond after `lyricMs` at which `fillX` moves to another column
  /// (the same arguments); nil when the fill of this line does not move again.
  static func nextMoveMs(
    line: LyricLine, words byTime: WordsByTime, nextLineMs: Int?, lyricMs: Int,
    spans: [Range<Int32>], width: Int32
  ) -> Int? {
    let lineEnd = line.endMs ?? nextLineMs ?? (line.ms + defaultLineMs)
    var breaks = [line.ms, lineEnd]
    // Word by word only when `fillX` fills word by word (else across the line, as it does).
    if !line.words.isEmpty, spans.count == line.words.count {
      breaks += line.words.map(\.ms)
    }
    return FillPacing.nextChangeMs(after: lyricMs, breaks: breaks) { ms in
      fillX(
        line: line, words: byTime, nextLineMs: nextLineMs, lyricMs: ms, spans: spans, width: width)
    }
  }
}

extension BackgroundVocalsFill {
  /// The first lyric millisecond after `lyricMs` at which the background vocals' fill moves to
  /// another column; nil when it does not move again.
  static func nextMoveMs(
    _ background: LyricBackground, words: WordsByTime, mainLineEndMs: Int?, lyricMs: Int,
    spans: [Range<Int32>], width: Int32
  ) -> Int? {
    KaraokeFill.nextMoveMs(
      line: asLine(background, mainLineEndMs: mainLineEndMs), words: words, nextLineMs: nil,
      lyricMs: lyricMs, spans: spans, width: width)
  }
}

extension DisplayClock {
  /// The first instant after `now` at which the lyric time has reached `ms` (the instant
  /// `lyricMs(at:)` first says `ms`, at least 1 ns later, as `Timeline.nextChange(after:on:)`
  /// counts); nil while the clock stands still.
  func instant(reachingLyricMs ms: Int, after now: Int64) -> Int64? {
    guard isAdvancing else { return nil }
    return now + max(1, Int64(ms) * 1_000_000 - lyricNanos(at: now))
  }
}

/// The fade from one line to the next, in 16 steps over `StripStyle.fadeNanos`.
enum StripFade {
  static let steps = 16

  /// The step reached `elapsed` nanoseconds into the fade (`steps`: done).
  static func step(elapsed: Int64) -> Int {
    guard elapsed < StripStyle.fadeNanos else { return steps }
    return Int(max(0, elapsed) * Int64(steps) / StripStyle.fadeNanos)
  }

  /// How far into the fade the step after the one at `elapsed` is reached; nil once done.
  static func nextStepElapsed(after elapsed: Int64) -> Int64? {
    let next = step(elapsed: elapsed) + 1
    guard next <= steps else { return nil }
    // The first elapsed time whose step is `next`: ceil(next × fade / steps).
    return (Int64(next) * StripStyle.fadeNanos + Int64(steps) - 1) / Int64(steps)
  }
}
