import Clocks
import Locking

/// An output that lives in the time of an `EventClock` (a `ManualClock` in tests and in sync
/// scripts): it consumes audio as that clock advances and reports the heard position from it,
/// so the real `Player` runs deterministically, with no thread and no sleeping. Advancing the
/// clock by one second plays exactly one second of the track.
///
/// How it works: while playing it wakes every `periodNanos` of clock time and pulls from the
/// player (its `PullSource`) enough audio to stay one period ahead of the heard position. When
/// the player has no more audio, it schedules `endHeard` for the instant the last frame is heard.
/// The heard position is `startFrame + (clock time played)`, capped at the end of the audio.
///
/// Threads: all work runs inside the clock's `schedule` callbacks (for a `ManualClock`, on the
/// thread calling `advance`) and in the player's calls. The output's own lock is never held
/// while it calls the player, so the player may call it back.
public final class VirtualTimeOutput: ClockDrivenOutput, Sendable {
  public let name = "virtual"
  public let format: AudioFormat
  public let clock: EventClock
  public let periodNanos: Int64

  private struct State {
    /// Weak: the player owns this output, so a strong reference back would keep both alive
    /// until `close()`, and a script run or test that never closes would leak them.
    weak var source: PullSource?
    var epoch = 0
    var baseFrame: Int64 = 0
    var pulledFrames: Int64 = 0
    /// Frames of the epoch once the player said the track ended.
    var endFrame: Int64?
    var playedBeforeRun: Int64 = 0
    var runStart: Int64?
    var paused = true
    var closed = false
    var tick: ScheduledWork?
    var endTimer: ScheduledWork?
    /// Total frames consumed since creation, all epochs: what a test can check was "played".
    var consumed: Int64 = 0
  }
  private let state = Mutex(State())

  public init(clock: EventClock, format: AudioFormat = .standard, periodNanos: Int64 = 20_000_000) {
    self.clock = clock
    self.format = format
    self.periodNanos = periodNanos
  }

  public func open() throws {}

  public func close() {
    state.withLock { s in
      s.closed = true
      cancelTimers(&s)
      s.source = nil
    }
  }

  public func setSource(_ newSource: PullSource?) {
    state.withLock { s in s.source = newSource }
  }

  /// Samples pulled from the player so far (all tracks): the audio this output "played".
  public var consumedFrames: Int64 { state.withLock { s in s.consumed } }

  // Writes do not happen: the player sees a `ClockDrivenOutput` and lets it pull.
  public func write(_ samples: [Float], epoch: Int) -> Bool { false }
  public func drain(epoch: Int) -> Bool { false }

  public func setEventHandler(_ handler: @escaping @Sendable (AudioOutputEvent) -> Void) {}

  public func flush(epoch newEpoch: Int, startingAt frame: Int64) {
    state.withLock { s in
      s.epoch = newEpoch
      s.baseFrame = frame
      s.pulledFrames = 0
      s.endFrame = nil
      s.playedBeforeRun = 0
      cancelTimers(&s)
      s.runStart = s.paused || s.closed ? nil : clock.nowNanos
      if !s.paused && !s.closed { scheduleTick(&s, at: clock.nowNanos) }
    }
  }

  public func setPaused(_ newPaused: Bool) {
    state.withLock { s in
      guard newPaused != s.paused, !s.closed else { return }
      s.paused = newPaused
      let now = clock.nowNanos
      cancelTimers(&s)
      if newPaused {
        s.playedBeforeRun = playedNanos(s, now: now)
        s.runStart = nil
      } else {
        s.runStart = now
        scheduleTick(&s, at: now)
        scheduleEndIfKnown(&s, now: now)
      }
    }
  }

  public func heardFrame() -> (frame: Int64, isAdvancing: Bool) {
    state.withLock { s in
      let played = playedFrames(s, now: clock.nowNanos)
      return (s.baseFrame + played, s.runStart != nil && s.endFrame.map { played < $0 } ?? true)
    }
  }

  /// Time played in this epoch, capped at the end of the audio when it is known.
  private func playedNanos(_ s: State, now: Int64) -> Int64 {
    let elapsed = s.playedBeforeRun + (s.runStart.map { now - $0 } ?? 0)
    guard let endFrame = s.endFrame else { return elapsed }
    return min(elapsed, format.nanos(frames: endFrame))
  }

  private func playedFrames(_ s: State, now: Int64) -> Int64 {
    format.frames(nanos: playedNanos(s, now: now))
  }

  private func cancelTimers(_ s: inout State) {
    s.tick?.cancel()
    s.tick = nil
    s.endTimer?.cancel()
    s.endTimer = nil
  }

  private func scheduleTick(_ s: inout State, at instant: Int64) {
    s.tick = clock.schedule(at: instant) { [weak self] in self?.consume() }
  }

  private func scheduleEndIfKnown(_ s: inout State, now: Int64) {
    guard let endFrame = s.endFrame, s.runStart != nil else { return }
    let remaining = max(0, format.nanos(frames: endFrame) - playedNanos(s, now: now))
    let endedEpoch = s.epoch
    s.endTimer = clock.schedule(at: now + remaining) { [weak self] in
      self?.endReached(epoch: endedEpoch)
    }
  }

  /// One tick: pull audio up to one period ahead of the heard position.
  private func consume() {
    while true {
      let request: (source: PullSource, epoch: Int, frames: Int)? = state.withLock { s in
        guard let source = s.source, !s.closed, s.runStart != nil, s.endFrame == nil else {
          return nil
        }
        let wanted = playedFrames(s, now: clock.nowNanos) + format.frames(nanos: periodNanos)
        guard s.pulledFrames < wanted else { return nil }
        return (source, s.epoch, Int(wanted - s.pulledFrames))
      }
      guard let request else { break }
      let chunk = request.source.pull(maxFrames: request.frames)
      let stop: Bool = state.withLock { s in
        guard chunk.epoch == s.epoch, request.epoch == s.epoch else { return true }
        let frames = Int64(chunk.samples.count / format.channels)
        s.pulledFrames += frames
        s.consumed += frames
        if frames == 0 {
          s.endFrame = s.pulledFrames
          scheduleEndIfKnown(&s, now: clock.nowNanos)
          return true
        }
        return false
      }
      if stop { break }
    }
    state.withLock { s in
      guard !s.closed, s.runStart != nil, s.endFrame == nil else { return }
      scheduleTick(&s, at: clock.nowNanos + periodNanos)
    }
  }

  private func endReached(epoch endedEpoch: Int) {
    let source: PullSource? = state.withLock { s in
      guard endedEpoch == s.epoch, !s.closed else { return nil }
      s.runStart = nil
      s.playedBeforeRun = format.nanos(frames: s.endFrame ?? s.pulledFrames)
      return s.source
    }
    source?.endHeard(epoch: endedEpoch)
  }
}
