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
/// It keeps the session's one `DisplayClock`: every plan reads the heard position and makes the
/// clock anew from it, the offset, the latency and the timeline's revision (held here and
/// nowhere else), reads what is on display from that clock (`Timeline.position(at:on:)`, the
/// function the windows use too), and hands the clock to `onClock` when it keeps another time
/// than the one handed out before, ahead of the change it brought.
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
    /// The clock the change was read from.
    public var clock: DisplayClock

    public var lineChanged: Bool { position.line != previous.line }
    /// A new word is sung: a word on a new line, or another word of the same line.
    public var wordChanged: Bool {
      position.word != nil && (lineChanged || position.word != previous.word)
    }
  }

  /// What is handed out, in order: a new clock, or a change read from it.
  private enum Delivery {
    case clock(DisplayClock)
    case change(Change)
  }

  private struct State {
    var timeline: Timeline
    /// The clock of the last plan: the live offset, the latency and the timeline's revision live
    /// here (its anchor is refreshed at every plan).
    var display: DisplayClock
    /// The last clock handed to `onClock`.
    var published: DisplayClock?
    var shown = Timeline.Position(line: -1, word: nil)
    var pending: ScheduledWork?
    var running = false
    /// Bumped at every plan so a stale timer (already due when cancelled) does nothing.
    var generation = 0
    /// Clocks and changes found and not yet handed out, oldest first.
    var undelivered: [Delivery] = []
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
  private let onClock: @Sendable (DisplayClock) -> Void

  /// - Parameters:
  ///   - offsetMs: live offset in milliseconds, added to the file's own; positive = lyrics sooner.
  ///   - latencyNanos: how long showing a line takes after it is decided (a window's frame
  ///     latency); lines are decided that much early so they appear when heard.
  ///   - onClock: each new display clock, for the front end (before the change it brings).
  public init(
    timeline: Timeline, source: HeardPositionSource, clock: EventClock, offsetMs: Int = 0,
    latencyNanos: Int64 = 0, onClock: @escaping @Sendable (DisplayClock) -> Void = { _ in },
    onChange: @escaping @Sendable (Change) -> Void
  ) {
    state = Mutex(
      State(
        timeline: timeline,
        display: DisplayClock(offsetMs: offsetMs, latencyNanos: latencyNanos)))
    self.source = source
    self.clock = clock
    self.onChange = onChange
    self.onClock = onClock
  }

  /// What is on display now, as last found (its change may still be on its way to `onChange`).
  public var current: Timeline.Position { state.withLock { $0.shown } }

  /// The display clock of the last plan.
  public var displayClock: DisplayClock { state.withLock { $0.display } }

  /// The live offset in milliseconds (positive = lyrics sooner). Setting it re-plans.
  public var offsetMs: Int {
    get { state.withLock { $0.display.offsetMs } }
    set {
      state.withLock { $0.display.offsetMs = newValue }
      replan()
    }
  }

  /// The display latency in nanoseconds. Setting it re-plans.
  public var latencyNanos: Int64 {
    get { state.withLock { $0.display.latencyNanos } }
    set {
      state.withLock { $0.display.latencyNanos = newValue }
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
      state.display.timelineRevision += 1
      state.shown = Timeline.Position(line: -1, word: nil)
      if let offsetMs { state.display.offsetMs = offsetMs }
    }
    replan()
  }

  /// Swaps in `newTimeline` and the live offset together, keeping what is on display: for the
  /// same lines with part of the offset moved between the file and the live offset (a saved
  /// offset), so no change is announced that the listener would not see.
  public func replaceTimeline(_ newTimeline: Timeline, offsetMs: Int) {
    state.withLock { state in
      state.timeline = newTimeline
      state.display.timelineRevision += 1
      state.display.offsetMs = offsetMs
    }
    replan()
  }

  /// Reads the heard position, announces a change if there is one, and plans the next wake-up.
  public func replan() {
    let mustDeliver = planning.withLock { _ in
      let heard = source.heardPosition()
      let readAt = clock.nowNanos
      return state.withLock { state in
        plan(&state, heard: heard, readAt: readAt)
        guard !state.delivering, !state.undelivered.isEmpty else { return false }
        state.delivering = true
        return true
      }
    }
    if mustDeliver { deliverUndelivered() }
  }

  /// Makes the clock from `heard` (read at `readAt`) and publishes it if it keeps another
  /// time, records the change it brings, if any, and schedules the wake-up for the next one.
  private func plan(_ state: inout State, heard: HeardPosition, readAt: Int64) {
    state.generation += 1
    state.pending?.cancel()
    state.pending = nil
    state.display.heard = heard
    state.display.atNanos = readAt
    let display = state.display
    // Published even while stopped: the front end's clock follows the sound either way.
    if !(state.published?.keepsSameTime(as: display) ?? false) {
      state.undelivered.append(.clock(display))
      state.published = display
    }
    guard state.running else { return }
    let now = state.timeline.position(at: readAt, on: display)
    if now != state.shown {
      state.undelivered.append(
        .change(
          Change(
            position: now, previous: state.shown, heard: heard,
            lyricMs: display.lyricMs(at: readAt), clock: display)))
      state.shown = now
    }
    if let due = state.timeline.nextChange(after: readAt, on: display) {
      let wait = due - readAt
      let planned = state.generation
      state.pending = clock.schedule(at: clock.nowNanos + wait) { [weak self] in
        self?.wake(generation: planned)
      }
    }
  }

  /// Hands out the recorded clocks and changes in order until none is left; only one thread at
  /// a time.
  private func deliverUndelivered() {
    while true {
      let next: Delivery? = state.withLock { state in
        guard !state.undelivered.isEmpty else {
          state.delivering = false
          return nil
        }
        return state.undelivered.removeFirst()
      }
      switch next {
      case .clock(let display): onClock(display)
      case .change(let change): onChange(change)
      case nil: return
      }
    }
  }

  private func wake(generation planned: Int) {
    let current = state.withLock { $0.generation == planned && $0.running }
    if current { replan() }
  }
}
