import LyricsCore

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
public final class VirtualTimeOutput: ClockDrivenOutput, @unchecked Sendable {
  public let name = "virtual"
  public let format: AudioFormat
  public let clock: EventClock
  public let periodNanos: Int64

  // Guarded by `lock`.
  private let lock = Mutex()
  private var source: PullSource?
  private var epoch = 0
  private var baseFrame: Int64 = 0
  private var pulledFrames: Int64 = 0
  /// Frames of the epoch once the player said the track ended.
  private var endFrame: Int64?
  private var playedBeforeRun: Int64 = 0
  private var runStart: Int64?
  private var paused = true
  private var closed = false
  private var tick: ScheduledWork?
  private var endTimer: ScheduledWork?
  /// Total frames consumed since creation, all epochs: what a test can check was "played".
  private var consumed: Int64 = 0

  public init(clock: EventClock, format: AudioFormat = .standard, periodNanos: Int64 = 20_000_000) {
    self.clock = clock
    self.format = format
    self.periodNanos = periodNanos
  }

  public func open() throws {}

  public func close() {
    lock.withLock {
      closed = true
      cancelTimers()
      source = nil
    }
  }

  public func setSource(_ newSource: PullSource?) {
    lock.withLock { source = newSource }
  }

  /// Samples pulled from the player so far (all tracks): the audio this output "played".
  public var consumedFrames: Int64 { lock.withLock { consumed } }

  // Writes do not happen: the player sees a `ClockDrivenOutput` and lets it pull.
  public func write(_ samples: [Float], epoch: Int) -> Bool { false }
  public func drain(epoch: Int) -> Bool { false }

  public func setEventHandler(_ handler: @escaping @Sendable (AudioOutputEvent) -> Void) {}

  public func flush(epoch newEpoch: Int, startingAt frame: Int64) {
    lock.withLock {
      epoch = newEpoch
      baseFrame = frame
      pulledFrames = 0
      endFrame = nil
      playedBeforeRun = 0
      cancelTimers()
      runStart = paused || closed ? nil : clock.nowNanos
      if !paused && !closed { scheduleTick(at: clock.nowNanos) }
    }
  }

  public func setPaused(_ newPaused: Bool) {
    lock.withLock {
      guard newPaused != paused, !closed else { return }
      paused = newPaused
      let now = clock.nowNanos
      cancelTimers()
      if newPaused {
        playedBeforeRun = playedNanos(now: now)
        runStart = nil
      } else {
        runStart = now
        scheduleTick(at: now)
        scheduleEndIfKnown(now: now)
      }
    }
  }

  public func heardFrame() -> (frame: Int64, isAdvancing: Bool) {
    lock.withLock {
      let played = playedFrames(now: clock.nowNanos)
      return (baseFrame + played, runStart != nil && endFrame.map { played < $0 } ?? true)
    }
  }

  /// Time played in this epoch, capped at the end of the audio when it is known.
  private func playedNanos(now: Int64) -> Int64 {
    let elapsed = playedBeforeRun + (runStart.map { now - $0 } ?? 0)
    guard let endFrame else { return elapsed }
    return min(elapsed, format.nanos(frames: endFrame))
  }

  private func playedFrames(now: Int64) -> Int64 { format.frames(nanos: playedNanos(now: now)) }

  private func cancelTimers() {
    tick?.cancel()
    tick = nil
    endTimer?.cancel()
    endTimer = nil
  }

  private func scheduleTick(at instant: Int64) {
    tick = clock.schedule(at: instant) { [weak self] in self?.consume() }
  }

  private func scheduleEndIfKnown(now: Int64) {
    guard let endFrame, runStart != nil else { return }
    let remaining = max(0, format.nanos(frames: endFrame) - playedNanos(now: now))
    let endedEpoch = epoch
    endTimer = clock.schedule(at: now + remaining) { [weak self] in
      self?.endReached(epoch: endedEpoch)
    }
  }

  /// One tick: pull audio up to one period ahead of the heard position.
  private func consume() {
    while true {
      let request: (source: PullSource, epoch: Int, frames: Int)? = lock.withLock {
        guard let source, !closed, runStart != nil, endFrame == nil else { return nil }
        let wanted = playedFrames(now: clock.nowNanos) + format.frames(nanos: periodNanos)
        guard pulledFrames < wanted else { return nil }
        return (source, epoch, Int(wanted - pulledFrames))
      }
      guard let request else { break }
      let chunk = request.source.pull(maxFrames: request.frames)
      let stop: Bool = lock.withLock {
        guard chunk.epoch == epoch, request.epoch == epoch else { return true }
        let frames = Int64(chunk.samples.count / format.channels)
        pulledFrames += frames
        consumed += frames
        if frames == 0 {
          endFrame = pulledFrames
          scheduleEndIfKnown(now: clock.nowNanos)
          return true
        }
        return false
      }
      if stop { break }
    }
    lock.withLock {
      guard !closed, runStart != nil, endFrame == nil else { return }
      scheduleTick(at: clock.nowNanos + periodNanos)
    }
  }

  private func endReached(epoch endedEpoch: Int) {
    let source: PullSource? = lock.withLock {
      guard endedEpoch == epoch, !closed else { return nil }
      runStart = nil
      playedBeforeRun = format.nanos(frames: endFrame ?? pulledFrames)
      return self.source
    }
    source?.endHeard(epoch: endedEpoch)
  }
}
