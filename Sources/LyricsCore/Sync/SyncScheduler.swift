import Clocks
import Locking
import PlayerContract

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
/// themselves.
///
/// Order: `replan()` runs on many threads at once (the clock's, the window loop's, the decoder's,
/// the output's, the desktop's). Readings of the position are applied in the order they were
/// taken, and the changes they make are handed to `onChange` one at a time, in the order they
/// were found: each change's `previous` is the `position` of the change delivered before it. The
/// thread that finds a change delivers it unless another thread is delivering already, which then
/// delivers it after its own, before it returns. `onChange` never runs with a lock held, so it may
/// call back into the scheduler; a change that call makes is delivered when it returns.
public final class SyncScheduler: Sendable {
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
    /// A new word is sung: a word on a new line, or another word of the same line.
    public var wordChanged: Bool {
      position.word != nil && (lineChanged || position.word != previous.word)
    }
  }

  private struct State {
    var timeline: Timeline
    var liveOffsetMs: Int
    var latency: Int64
    var shown = Timeline.Position(line: -1, word: nil)
    var pending: ScheduledWork?
    var running = false
    /// Bumped at every plan so a stale timer (already due when cancelled) does nothing.
    var generation = 0
    /// Changes found and not yet handed to `onChange`, oldest first.
    var undelivered: [Change] = []
    /// Whether a thread is handing out `undelivered` now.
    var delivering = false
  }

  private let state: Mutex<State>
  /// Held from reading the position to recording what it changed, so that readings apply in the
  /// order they were taken (a reading taken earlier but applied later would announce an older
  /// line after a newer one). Only `replan` takes it, before `state`; the source's
  /// `heardPosition()` is a quick read, never a wait.
  private let planning = Mutex(())
  private let source: HeardPositionSource
  private let clock: EventClock
  private let onChange: @Sendable (Change) -> Void

  /// - Parameters:
  ///   - offsetMs: live offset in milliseconds, added to the file's own; positive = lyrics sooner.
  ///   - latencyNanos: how long showing a line takes after it is decided (a window's frame
  ///     latency); lines are decided that much early so they appear when heard.
  public init(
    timeline: Timeline, source: HeardPositionSource, clock: EventClock, offsetMs: Int = 0,
    latencyNanos: Int64 = 0, onChange: @escaping @Sendable (Change) -> Void
  ) {
    state = Mutex(
      State(timeline: timeline, liveOffsetMs: offsetMs, latency: latencyNanos))
    self.source = source
    self.clock = clock
    self.onChange = onChange
  }

  /// What is on display now, as last found (its change may still be on its way to `onChange`).
  public var current: Timeline.Position { state.withLock { $0.shown } }

  /// The live offset in milliseconds (positive = lyrics sooner). Setting it re-plans.
  public var offsetMs: Int {
    get { state.withLock { $0.liveOffsetMs } }
    set {
      state.withLock { $0.liveOffsetMs = newValue }
      replan()
    }
  }

  /// The display latency in nanoseconds. Setting it re-plans.
  public var latencyNanos: Int64 {
    get { state.withLock { $0.latency } }
    set {
      state.withLock { $0.latency = newValue }
      replan()
    }
  }

  /// Starts following the source: announces what is on display now and plans the next change.
  public func start() {
    state.withLock { $0.running = true }
    replan()
  }

  /// Stops: drops the planned wake-up. `start()` resumes.
  public func stop() {
    state.withLock { state in
      state.running = false
      state.generation += 1
      state.pending?.cancel()
      state.pending = nil
    }
  }

  /// Replaces the lyrics (a new track), and the live offset with them when `offsetMs` is given
  /// (the track's own), so that one plan is made, against the new lines. What is on display is
  /// announced again from scratch.
  public func setTimeline(_ newTimeline: Timeline, offsetMs: Int? = nil) {
    state.withLock { state in
      state.timeline = newTimeline
      state.shown = Timeline.Position(line: -1, word: nil)
      if let offsetMs { state.liveOffsetMs = offsetMs }
    }
    replan()
  }

  /// Swaps in `newTimeline` and the live offset together, keeping what is on display: for the
  /// same lines with part of the offset moved between the file and the live offset (a saved
  /// offset), so no change is announced that the listener would not see.
  public func replaceTimeline(_ newTimeline: Timeline, offsetMs: Int) {
    state.withLock { state in
      state.timeline = newTimeline
      state.liveOffsetMs = offsetMs
    }
    replan()
  }

  /// Reads the heard position, announces a change if there is one, and plans the next wake-up.
  public func replan() {
    let mustDeliver = planning.withLock { _ in
      let heard = source.heardPosition()
      return state.withLock { state in
        plan(&state, heard: heard)
        guard !state.delivering, !state.undelivered.isEmpty else { return false }
        state.delivering = true
        return true
      }
    }
    if mustDeliver { deliverUndelivered() }
  }

  /// Records the change at `heard`, if any, and schedules the wake-up for the next one.
  private func plan(_ state: inout State, heard: HeardPosition) {
    state.generation += 1
    state.pending?.cancel()
    state.pending = nil
    guard state.running else { return }
    let lyricNanos = heard.nanos + Int64(state.liveOffsetMs) * 1_000_000 + state.latency
    let lyricMs = HeardPosition(nanos: lyricNanos, isAdvancing: false).milliseconds
    let now = state.timeline.position(at: lyricMs)
    if now != state.shown {
      state.undelivered.append(
        Change(position: now, previous: state.shown, heard: heard, lyricMs: lyricMs))
      state.shown = now
    }
    if heard.isAdvancing, let next = state.timeline.nextChange(after: lyricMs) {
      // At least 1 ns ahead, so a position a hair short of the change cannot spin.
      let wait = max(1, Int64(next) * 1_000_000 - lyricNanos)
      let planned = state.generation
      state.pending = clock.schedule(at: clock.nowNanos + wait) { [weak self] in
        self?.wake(generation: planned)
      }
    }
  }

  /// Hands out the recorded changes in order until none is left; only one thread at a time.
  private func deliverUndelivered() {
    while true {
      let next: Change? = state.withLock { state in
        guard !state.undelivered.isEmpty else {
          state.delivering = false
          return nil
        }
        return state.undelivered.removeFirst()
      }
      guard let next else { return }
      onChange(next)
    }
  }

  private func wake(generation planned: Int) {
    let current = state.withLock { $0.generation == planned && $0.running }
    if current { replan() }
  }
}
