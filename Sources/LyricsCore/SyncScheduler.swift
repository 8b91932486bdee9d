import Clocks
import Synchronization

/// Keeps "which line and word are on display" in step with the heard audio position, without
/// polling: after each look at the position it computes the clock instant of the next line or
/// word change (`Timeline.nextChange`) and schedules itself there on the `EventClock`.
///
/// It follows the audio clock, not the wall clock: every wake-up reads the heard position again,
/// and if the audio is a little behind the clock (drift, a stalled stream) it plans again for the
/// remainder instead of announcing early. So a long track cannot drift.
///
/// Call `replan()` whenever the source jumps or starts or stops advancing (play, pause, seek,
/// track change, output started); `offsetMs`, `latencyNanos` and `setTimeline` re-plan by
/// themselves. `onChange` runs on the thread that caused the change: the clock's thread for timed
/// changes, the caller's thread for `replan()` and the setters. It is never called with the
/// scheduler's lock held, so it may call back into the scheduler.
public final class SyncScheduler: @unchecked Sendable {
  /// A change of what is on display.
  public struct Change: Equatable, Sendable {
    /// The new line and word on display (line -1: none yet).
    public var position: Timeline.Position
    /// The previous one.
    public var previous: Timeline.Position
    /// The heard audio position when the change was found.
    public var heard: HeardPosition
    /// The lyric time the change was computed at (heard + offset + latency), milliseconds.
    public var lyricMs: Int

    public var lineChanged: Bool { position.line != previous.line }
  }

  // All mutable state is guarded by `lock`.
  private let lock = Mutex(())
  private var timeline: Timeline
  private let source: HeardPositionSource
  private let clock: EventClock
  private let onChange: @Sendable (Change) -> Void
  private var liveOffsetMs: Int
  private var latency: Int64
  private var shown = Timeline.Position(line: -1, word: nil)
  private var pending: ScheduledWork?
  private var running = false
  /// Bumped at every plan so a stale timer (already due when cancelled) does nothing.
  private var generation = 0

  /// - Parameters:
  ///   - offsetMs: live offset in milliseconds, added to the file's own; positive = lyrics sooner.
  ///   - latencyNanos: how long showing a line takes after it is decided (a window's frame
  ///     latency); lines are decided that much early so they appear when heard.
  public init(
    timeline: Timeline, source: HeardPositionSource, clock: EventClock, offsetMs: Int = 0,
    latencyNanos: Int64 = 0, onChange: @escaping @Sendable (Change) -> Void
  ) {
    self.timeline = timeline
    self.source = source
    self.clock = clock
    self.liveOffsetMs = offsetMs
    self.latency = latencyNanos
    self.onChange = onChange
  }

  /// What is on display now, as last announced.
  public var current: Timeline.Position { lock.withLock { _ in shown } }

  /// The live offset in milliseconds (positive = lyrics sooner). Setting it re-plans.
  public var offsetMs: Int {
    get { lock.withLock { _ in liveOffsetMs } }
    set {
      lock.withLock { _ in liveOffsetMs = newValue }
      replan()
    }
  }

  /// The display latency in nanoseconds. Setting it re-plans.
  public var latencyNanos: Int64 {
    get { lock.withLock { _ in latency } }
    set {
      lock.withLock { _ in latency = newValue }
      replan()
    }
  }

  /// Starts following the source: announces what is on display now and plans the next change.
  public func start() {
    lock.withLock { _ in running = true }
    replan()
  }

  /// Stops: drops the planned wake-up. `start()` resumes.
  public func stop() {
    lock.withLock { _ in
      running = false
      generation += 1
      pending?.cancel()
      pending = nil
    }
  }

  /// Replaces the lyrics (a new track). What is on display is announced again from scratch.
  public func setTimeline(_ newTimeline: Timeline) {
    lock.withLock { _ in
      timeline = newTimeline
      shown = Timeline.Position(line: -1, word: nil)
    }
    replan()
  }

  /// Swaps in `newTimeline` and the live offset together, keeping what is on display: for the
  /// same lines with part of the offset moved between the file and the live offset (a saved
  /// offset), so no change is announced that the listener would not see.
  public func replaceTimeline(_ newTimeline: Timeline, offsetMs: Int) {
    lock.withLock { _ in
      timeline = newTimeline
      liveOffsetMs = offsetMs
    }
    replan()
  }

  /// Reads the heard position, announces a change if there is one, and plans the next wake-up.
  public func replan() {
    let heard = source.heardPosition()
    let change: Change? = lock.withLock { _ in
      generation += 1
      pending?.cancel()
      pending = nil
      guard running else { return nil }
      let lyricNanos = heard.nanos + Int64(liveOffsetMs) * 1_000_000 + latency
      let lyricMs = HeardPosition(nanos: lyricNanos, isAdvancing: false).milliseconds
      let now = timeline.position(at: lyricMs)
      var change: Change?
      if now != shown {
        change = Change(position: now, previous: shown, heard: heard, lyricMs: lyricMs)
        shown = now
      }
      if heard.isAdvancing, let next = timeline.nextChange(after: lyricMs) {
        // At least 1 ns ahead, so a position a hair short of the change cannot spin.
        let wait = max(1, Int64(next) * 1_000_000 - lyricNanos)
        let planned = generation
        pending = clock.schedule(at: clock.nowNanos + wait) { [weak self] in
          self?.wake(generation: planned)
        }
      }
      return change
    }
    if let change { onChange(change) }
  }

  private func wake(generation planned: Int) {
    let current = lock.withLock { _ in generation == planned && running }
    if current { replan() }
  }
}
