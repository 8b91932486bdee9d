import LyricsCore
import SystemSupport

/// A silent output that consumes audio in real time (CLOCK_MONOTONIC), for headless use and
/// tests: the heard position moves exactly as a perfect sound card's would, with no latency.
///
/// Thread model: `write` and `drain` block the calling thread (the player's decoder thread) on a
/// condition variable until the audio "plays"; every other method just updates state under it.
public final class NullOutput: AudioOutput, @unchecked Sendable {
  public let name = "null"
  public let format: AudioFormat
  /// How much audio may be queued ahead of the heard position.
  private let bufferNanos: Int64

  // Guarded by `condition`.
  private let condition = Condition()
  /// The epoch, its start and the frames written in it (`writtenFrames`: what is queued).
  private var clock = EpochClock()
  /// Time played in this epoch before the current run, and when the current run started.
  private var playedBeforeRun: Int64 = 0
  private var runStart: Int64?
  private var paused = false
  private var closed = false
  private var handler: (@Sendable (AudioOutputEvent) -> Void)?

  public init(format: AudioFormat = .standard, bufferNanos: Int64 = 100_000_000) {
    self.format = format
    self.bufferNanos = bufferNanos
  }

  public func open() throws {}

  public func close() {
    condition.withLock {
      closed = true
      condition.broadcast()
    }
  }

  public func setEventHandler(_ handler: @escaping @Sendable (AudioOutputEvent) -> Void) {
    condition.withLock { self.handler = handler }
  }

  public func write(_ samples: [Float], epoch writeEpoch: Int) -> Bool {
    let frames = Int64(samples.count / format.channels)
    var startedHandler: (@Sendable (AudioOutputEvent) -> Void)?
    let accepted: Bool = condition.withLock {
      while !closed && clock.accepts(writeEpoch)
        && format.nanos(frames: clock.writtenFrames - playedFrames(now: now)) > bufferNanos
      {
        waitABit(
          nanos: format.nanos(frames: clock.writtenFrames - playedFrames(now: now)) - bufferNanos)
      }
      guard !closed, clock.accepts(writeEpoch) else { return false }
      let instant = now
      if runStart == nil || playedFrames(now: instant) >= clock.writtenFrames {
        // Starting, or the writer fell behind: the run restarts from what was played.
        playedBeforeRun = format.nanos(
          frames: min(clock.writtenFrames, playedFrames(now: instant)))
        runStart = paused ? nil : instant
        if !paused { startedHandler = handler }
      }
      clock.wrote(frames: frames)
      condition.broadcast()
      return true
    }
    startedHandler?(.started)
    return accepted
  }

  public func drain(epoch drainEpoch: Int) -> Bool {
    condition.withLock {
      while !closed && clock.accepts(drainEpoch) && playedFrames(now: now) < clock.writtenFrames {
        waitABit(nanos: format.nanos(frames: clock.writtenFrames - playedFrames(now: now)))
      }
      return !closed && clock.accepts(drainEpoch)
    }
  }

  public func flush(epoch newEpoch: Int, startingAt frame: Int64) {
    condition.withLock {
      clock.flush(epoch: newEpoch, startingAt: frame)
      playedBeforeRun = 0
      runStart = nil
      condition.broadcast()
    }
  }

  public func setPaused(_ newPaused: Bool) {
    condition.withLock {
      guard newPaused != paused else { return }
      let instant = now
      if newPaused {
        playedBeforeRun = format.nanos(frames: playedFrames(now: instant))
        runStart = nil
      } else if clock.writtenFrames > 0 {
        runStart = instant
      }
      paused = newPaused
      condition.broadcast()
    }
  }

  public func heardFrame() -> (frame: Int64, isAdvancing: Bool) {
    condition.withLock {
      let played = playedFrames(now: now)
      return (clock.baseFrame + played, runStart != nil && played < clock.writtenFrames)
    }
  }

  private var now: Int64 { SystemClock.monotonicNanos() }

  /// Frames of this epoch heard by `now`: never more than were written.
  private func playedFrames(now: Int64) -> Int64 {
    let elapsed = playedBeforeRun + (runStart.map { now - $0 } ?? 0)
    return min(clock.writtenFrames, format.frames(nanos: elapsed))
  }

  private func waitABit(nanos: Int64) {
    let seconds = Double(max(1_000_000, min(nanos, 50_000_000))) / 1e9
    condition.wait(seconds: seconds)
  }
}
