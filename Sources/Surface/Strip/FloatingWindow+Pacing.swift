import LyricsCore

extension FloatingWindow {
  /// The next instant at which the strip's picture moves by itself: the fill (or the background
  /// vocals' fill) reaching its next whole pixel column, which also moves the scroll of a long
  /// line (a function of the fill), or the fade's next step. Nil when nothing moves (paused, a
  /// fill that is done or not begun, no lyrics): then only a line change, a notice, an input or
  /// a command wakes the loop. Each is the exact instant read from the same mappings `makeFrame`
  /// draws with, so a frame due then differs from the one on screen, and none is drawn between.
  func nextMotionNanos(after now: Int64) -> Int64? {
    var instants: [Int64] = []
    if let fadeStart = fadeStartNanos, let next = StripFade.nextStepElapsed(after: now - fadeStart)
    {
      instants.append(fadeStart + next)
    }
    let model = loop.model
    let clock = model.nowPlaying.clock
    guard clock.isAdvancing, let current, current.fills, let main = current.main,
      let line = model.line(current.index)
    else { return instants.min() }
    let lyricMs = model.nowPlaying.lyricMs(atNanos: now)
    let nextLineMs = model.nextLineMs(after: current.index)
    if let ms = KaraokeFill.nextMoveMs(
      line: line, words: current.words, nextLineMs: nextLineMs, lyricMs: lyricMs,
      spans: main.segmentSpans, width: main.width),
      let instant = clock.instant(reachingLyricMs: ms, after: now)
    {
      instants.append(instant)
    }
    if let background = line.background, let image = current.background {
      let sung = BackgroundVocalsText.sungSpans(background, of: image.segmentSpans)
      if let ms = BackgroundVocalsFill.nextMoveMs(
        background, words: current.backgroundWords,
        mainLineEndMs: line.endMs ?? nextLineMs, lyricMs: lyricMs, spans: sung,
        width: sung.last?.upperBound ?? image.width),
        let instant = clock.instant(reachingLyricMs: ms, after: now)
      {
        instants.append(instant)
      }
    }
    return instants.min()
  }
}
