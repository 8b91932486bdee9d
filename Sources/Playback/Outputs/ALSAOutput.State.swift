/// What an `ALSAOutput`'s callers and the thread that owns its PCM share, behind the output's
/// mutex. Nothing here calls alsa-lib: the callers change it and queue commands, the PCM's
/// thread carries them out and records what the device said (`Reading`).
extension ALSAOutput {
  /// A request for the PCM's thread, carried out in the order given.
  enum Command: Equatable {
    /// Drop what the device holds: a flush to `epoch` happened.
    case drop(epoch: Int)
    case pause(Bool)
  }

  /// What the device said at one moment (CLOCK_MONOTONIC nanoseconds).
  struct Reading {
    /// Frames of the device's epoch heard then (written minus `snd_pcm_delay`).
    var heardFrames: Int64
    /// Frames still queued before the speaker then: the position can move on by at most that.
    var queuedFrames: Int64
    var atNanos: Int64
    var isRunning: Bool
  }

  /// The next thing the PCM's thread does.
  enum Step {
    case close
    case command(Command)
    /// Hand `samples` of `epoch` to the device (blocks there while its buffer is full).
    case write([Float], epoch: Int)
    /// Everything of `epoch` was handed over: start the device if needed, see whether it is all
    /// heard.
    case drain(epoch: Int)
    /// Nothing to do; read the position meanwhile when `playing`.
    case idle(playing: Bool)
  }

  struct State {
    var clock = EpochClock()
    var paused = true
    var closed = false
    /// `.started` was reported since the last flush.
    var running = false
    var handler: (@Sendable (AudioOutputEvent) -> Void)?
    var threadStarted = false
    var threadEnded = false
    /// Set by the PCM's thread once it tried to open the device.
    var opened: Result<Void, AudioOutputError>?
    var commands: [Command] = []
    /// Samples of the current epoch written by the decoder and not yet taken by the device;
    /// `pendingOffset` frames of the first chunk are taken already.
    var pending: [[Float]] = []
    var pendingOffset = 0
    var pendingFrames = 0
    /// The epoch whose audio the device holds: the epoch of the last drop carried out.
    var deviceEpoch = 0
    /// The device's last word about `deviceEpoch`; nil until it said something after a flush.
    var reading: Reading?
    /// The decoder waits in `drain` for this epoch to be heard to its end, and this one was.
    var drainEpoch: Int?
    var drainedEpoch: Int?

    /// Whether the device holds the current epoch (its flush's drop was carried out).
    var deviceIsCurrent: Bool { deviceEpoch == clock.epoch }

    mutating func next(pieceFrames: Int, channels: Int) -> Step {
      if closed { return .close }
      if !commands.isEmpty { return .command(commands.removeFirst()) }
      guard deviceIsCurrent, !paused else { return .idle(playing: false) }
      if let first = pending.first {
        let frames = min(pieceFrames, first.count / channels - pendingOffset)
        let piece = Array(first[(pendingOffset * channels)..<((pendingOffset + frames) * channels)])
        return .write(piece, epoch: clock.epoch)
      }
      if drainEpoch == clock.epoch && drainedEpoch != clock.epoch {
        return .drain(epoch: clock.epoch)
      }
      return .idle(playing: true)
    }

    /// The device took `frames` frames of the pending samples.
    mutating func took(frames: Int, channels: Int) {
      var left = frames
      pendingFrames -= frames
      while left > 0, let first = pending.first {
        let available = first.count / channels - pendingOffset
        if left < available {
          pendingOffset += left
          return
        }
        left -= available
        pending.removeFirst()
        pendingOffset = 0
      }
    }

    mutating func dropPending() {
      pending = []
      pendingOffset = 0
      pendingFrames = 0
    }

    /// Records what the device said; the position never runs backwards.
    mutating func record(delay: Int?, isRunning: Bool, atNanos: Int64) {
      guard let delay else { return }
      let heard = clock.heard(frames: clock.writtenFrames - Int64(delay))
      reading = Reading(
        heardFrames: heard, queuedFrames: clock.writtenFrames - heard, atNanos: atNanos,
        isRunning: isRunning)
    }

    /// The heard frame at `now`: the last reading, moved on by the time since (while the device
    /// runs and is not paused) but never past what it had queued then, nor for longer than
    /// `staleNanos`; after that the position stands still and is not advancing (the device's
    /// thread is stuck in alsa-lib, so nothing is known).
    mutating func heard(now: Int64, format: AudioFormat, staleNanos: Int64) -> (
      frame: Int64, isAdvancing: Bool
    ) {
      guard deviceIsCurrent, let reading else { return (clock.heardFrame, false) }
      let moving = !paused && reading.isRunning
      let age = max(0, now - reading.atNanos)
      if moving {
        let ahead = min(reading.queuedFrames, format.frames(nanos: min(age, staleNanos)))
        clock.heard(frames: reading.heardFrames + ahead)
      }
      return (clock.heardFrame, moving && age < staleNanos && clock.isBehind)
    }

    /// The handler to tell `.started`, once the device runs after a flush.
    mutating func noticeStart(isRunning: Bool) -> (@Sendable (AudioOutputEvent) -> Void)? {
      guard !running, isRunning else { return nil }
      running = true
      return handler
    }
  }
}
