import PlayerContract

/// The one reading of "what is on display at this instant, and when does it change" from a
/// `DisplayClock`: the scheduler (to decide the `line` and `word` changes and its wake-ups) and
/// the windows (to draw each frame and sleep until the next change) both call these, so they
/// cannot disagree on the offset, the latency or the rounding.
extension Timeline {
  /// The line and word on display at `instant` of the clock's time base.
  public func position(at instant: Int64, on clock: DisplayClock) -> Position {
    position(at: clock.lyricMs(at: instant))
  }

  /// The instant of the next change of `position(at:on:)` after `instant`, while the clock
  /// advances: at least 1 ns later, so a position a hair short of the change cannot spin. Nil
  /// when the clock stands still or nothing changes any more.
  public func nextChange(after instant: Int64, on clock: DisplayClock) -> Int64? {
    guard clock.isAdvancing else { return nil }
    let lyricNanos = clock.lyricNanos(at: instant)
    let lyricMs = HeardPosition(nanos: lyricNanos, isAdvancing: false).milliseconds
    guard let next = nextChange(after: lyricMs) else { return nil }
    return instant + max(1, Int64(next) * 1_000_000 - lyricNanos)
  }
}
