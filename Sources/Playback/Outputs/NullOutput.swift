import Locking
import SystemSupport

/// A silent output that consumes audio in real time (CLOCK_MONOTONIC), for headless use and
/// tests: the heard position moves exactly as a perfect sound card's would, with no latency.
///
/// Thread model: `write` and `drain` block the calling thread (the player's decoder thread) on
/// `wake` until the audio "plays"; every other method just updates `state` and wakes them.
public final class NullOutput: AudioOutput, Sendable {
  public let name = "null"
  public let format: AudioFormat
  public var isSilent: Bool { true }
  /// How much audio may be queued ahead of the heard position.
  private let bufferNanos: Int64

  private struct State {
    /// The epoch, its start and the frames written in it (`writtenFrames`: what is queued).
    var clock = EpochClock()
    /// Time played in this epoch before the current run, and when the current run started.
    var playedBeforeRun: Int64 = 0
    var runStart: Int64?
    var paused = false
    var closed = false
    var handler: (@Sendable (AudioOutputEvent) -> Void)?

    /// Frames of this epoch heard by `now`: never more than were written.
    func playedFrames(now: Int64, format: AudioFormat) -> Int64 {
      let elapsed = playedBeforeRun + (runStart.map { now - $0 } ?? 0)
      return min(clock.writtenFrames, format.frames(nanos: elapsed))
    }
  }
  private let state = Mutex(State())
  private let wake = WakeSignal()

  public init(format: AudioFormat = .standard, bufferNanos: Int64 = 100_000_000) {
    self.format = format
    self.bufferNanos = bufferNanos
  }

  public func open() throws {}

  public func close() {
    state.withLock { $0.closed = true }
    wake.signal()
  }

  public func setEventHandler(_ handler: @escaping @Sendable (AudioOutputEvent) -> Void) {
    state.withLock { $0.handler = handler }
  }

  public func write(_ samples: [Float], epoch writeEpoch: Int) -> Bool {
    let frames = Int64(samples.count / format.channels)
    while true {
      let seen = wake.generation
      // nil: the queue is full, wait this long; else the answer and whom to tell it started.
      let (step, waitNanos): (Step?, Int64) = state.withLock { s in
        guard !s.closed, s.clock.accepts(writeEpoch) else { return ((false, nil), 0) }
        let instant = now
        let ahead = format.nanos(
          frames: s.clock.writtenFrames - s.playedFrames(now: instant, format: format))
        // Queue full: it empties as time goes only while running; paused (or not started) it
        // waits for `setPaused`, `flush` or `close`, which signal (0: no timeout).
        if ahead > bufferNanos { return (nil, s.runStart == nil ? 0 : ahead - bufferNanos) }
        var started: (@Sendable (AudioOutputEvent) -> Void)?
        if s.runStart == nil
          || s.playedFrames(now: instant, format: format) >= s.clock.writtenFrames
        {
          // Starting, or the writer fell behind: the run restarts from what was played.
          s.playedBeforeRun = format.nanos(
            frames: min(s.clock.writtenFrames, s.playedFrames(now: instant, format: format)))
          s.runStart = s.paused ? nil : instant
          if !s.paused { started = s.handler }
        }
        s.clock.wrote(frames: frames)
        return ((true, started), 0)
      }
      if let step {
        wake.signal()
        step.started?(.started)
        return step.accepted
      }
      waitABit(after: seen, nanos: waitNanos)
    }
  }

  public func drain(epoch drainEpoch: Int) -> Bool {
    while true {
      let seen = wake.generation
      let left: Int64? = state.withLock { s in
        guard !s.closed, s.clock.accepts(drainEpoch) else { return nil }
        return format.nanos(
          frames: s.clock.writtenFrames - s.playedFrames(now: now, format: format))
      }
      guard let left else { return false }
      if left <= 0 { return true }
      waitABit(after: seen, nanos: left)
    }
  }

  public func flush(epoch newEpoch: Int, startingAt frame: Int64) {
    state.withLock { s in
      s.clock.flush(epoch: newEpoch, startingAt: frame)
      s.playedBeforeRun = 0
      s.runStart = nil
    }
    wake.signal()
  }

  public func setPaused(_ newPaused: Bool) {
    state.withLock { s in
      guard newPaused != s.paused else { return }
      let instant = now
      if newPaused {
        s.playedBeforeRun = format.nanos(frames: s.playedFrames(now: instant, format: format))
        s.runStart = nil
      } else if s.clock.writtenFrames > 0 {
        s.runStart = instant
      }
      s.paused = newPaused
    }
    wake.signal()
  }

  public func heardFrame() -> (frame: Int64, isAdvancing: Bool) {
    state.withLock { s in
      let played = s.playedFrames(now: now, format: format)
      return (s.clock.baseFrame + played, s.runStart != nil && played < s.clock.writtenFrames)
    }
  }

  private var now: Int64 { SystemClock.monotonicNanos() }

  /// A write's answer, and whom to tell that the sound started.
  private typealias Step = (accepted: Bool, started: (@Sendable (AudioOutputEvent) -> Void)?)

  /// Sleeps until signalled or at most `nanos` (clamped to 1…500 ms); 0: until signalled.
  /// `nanos` is when the queue has room again, and every change of state signals, so the bound
  /// only guards against a missed signal (at 50 ms it woke a large part's writer four times).
  private func waitABit(after seen: UInt64, nanos: Int64) {
    guard nanos > 0 else { return wake.wait(after: seen) }
    wake.wait(after: seen, seconds: Double(max(1_000_000, min(nanos, 500_000_000))) / 1e9)
  }
}
