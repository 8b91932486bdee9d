import Dispatch
import FoundationEssentials
import LyricsCore
import SystemSupport

/// Plays through ALSA (`snd_pcm_*`), used when no PulseAudio server answers. The heard position
/// is the frames written minus `snd_pcm_delay` (what is still queued before the speaker).
///
/// Threads: the decoder thread calls `write` and `drain`. A write blocks inside alsa-lib while the
/// device buffer is full, *without* this object's lock (alsa-lib locks its handle itself and
/// lets go while it waits), in pieces of a quarter of the latency, checking the epoch between
/// pieces. Every other alsa-lib call is made with the lock held. Events go out on a private
/// serial queue.
///
/// Pause uses the device's pause; a device that cannot pause is dropped instead and the player
/// is told to resynchronise (`.resync`), so it decodes again from the heard position.
public final class ALSAOutput: AudioOutput, @unchecked Sendable {
  public let name = "alsa"
  public let format: AudioFormat
  public let device: String
  private let latencyMicros: UInt32
  private let eventQueue = DispatchQueue(label: "lyricpip.alsa.events")

  // Guarded by `condition`.
  private let condition = Condition()
  private var pcm: ALSAPCM?
  private var clock = EpochClock()
  private var paused = true
  private var closed = false
  private var running = false
  private var handler: (@Sendable (AudioOutputEvent) -> Void)?

  /// - Parameter device: an ALSA PCM name; `LYRICPIP_ALSA_DEVICE` or "default" when nil.
  public init(
    device: String? = nil, format: AudioFormat = .standard, latencyMicros: UInt32 = 100_000
  ) {
    self.device = device ?? ProcessInfo.processInfo.environment["LYRICPIP_ALSA_DEVICE"] ?? "default"
    self.format = format
    self.latencyMicros = latencyMicros
  }

  public func open() throws {
    try condition.withLock {
      guard pcm == nil else { return }
      do {
        pcm = try ALSAPCM(device: device, format: format, latencyMicros: latencyMicros)
      } catch {
        throw AudioOutputError.unavailable("\(error)")
      }
    }
  }

  public func close() {
    condition.withLock {
      closed = true
      pcm?.drop()
      pcm = nil
      condition.broadcast()
    }
  }

  public func setEventHandler(_ handler: @escaping @Sendable (AudioOutputEvent) -> Void) {
    condition.withLock { self.handler = handler }
  }

  public func write(_ samples: [Float], epoch writeEpoch: Int) -> Bool {
    let channels = format.channels
    let frames = samples.count / channels
    // Pieces of a quarter of the latency: a flush that races a piece lets at most that through.
    let piece = max(256, Int(Int64(latencyMicros) * Int64(format.sampleRate) / 4_000_000))
    var offset = 0
    return samples.withUnsafeBufferPointer { buffer in
      while offset < frames {
        let current: ALSAPCM? = condition.withLock {
          while paused && !closed && clock.accepts(writeEpoch) { condition.wait() }
          guard !closed, clock.accepts(writeEpoch) else { return nil }
          return pcm
        }
        guard let current, let base = buffer.baseAddress else { return false }
        // Blocks in alsa-lib while the device buffer is full, without our lock.
        let taken = current.write(base + offset * channels, frames: min(piece, frames - offset))
        let keep: Bool = condition.withLock {
          guard clock.accepts(writeEpoch), !closed else { return false }
          clock.wrote(frames: Int64(taken))
          noticeStart(current)
          return true
        }
        guard keep else { return false }
        offset += taken
        if taken == 0 { condition.withLock { waitAPeriod() } }
      }
      return true
    }
  }

  public func drain(epoch drainEpoch: Int) -> Bool {
    condition.withLock {
      while !closed && clock.accepts(drainEpoch) {
        guard let pcm else { return false }
        if !paused { pcm.start() }
        noticeStart(pcm)
        // Ran dry: all played (the `pulse` plugin then keeps reporting a stale delay).
        let pending = pcm.ranDry ? 0 : pcm.delay() ?? 0
        if pending <= 0 && !paused {
          clock.heardAll()
          return true
        }
        waitAPeriod()
      }
      return false
    }
  }

  public func flush(epoch newEpoch: Int, startingAt frame: Int64) {
    condition.withLock {
      // Nothing queued: leave the device alone (the pulse plugin dislikes a needless drop).
      if clock.writtenFrames > 0 { pcm?.drop() }
      clock.flush(epoch: newEpoch, startingAt: frame)
      running = false
      condition.broadcast()
    }
  }

  public func setPaused(_ newPaused: Bool) {
    condition.withLock {
      guard newPaused != paused else { return }
      paused = newPaused
      if let pcm, !pcm.pause(newPaused), newPaused {
        // No hardware pause: drop the queue, keep the heard position, and have the player
        // decode again from there when it resumes.
        playedFrames(pcm)
        clock.rebaseAtHeard()
        running = false
        pcm.drop()
        post(.resync)
      }
      condition.broadcast()
    }
  }

  public func heardFrame() -> (frame: Int64, isAdvancing: Bool) {
    condition.withLock {
      guard let pcm else { return (clock.heardFrame, false) }
      playedFrames(pcm)
      return (clock.heardFrame, !paused && pcm.isRunning && clock.isBehind)
    }
  }

  /// Written minus still queued, never backwards, never beyond what was written. Lock held.
  @discardableResult
  private func playedFrames(_ pcm: ALSAPCM) -> Int64 {
    guard let delay = pcm.delay() else { return clock.playedFrames }
    return clock.heard(frames: clock.writtenFrames - Int64(delay))
  }

  /// Reports `.started` once the device runs after a flush. Lock held.
  private func noticeStart(_ pcm: ALSAPCM) {
    if !running && pcm.isRunning {
      running = true
      post(.started)
    }
  }

  private func post(_ event: AudioOutputEvent) {
    guard let handler else { return }
    eventQueue.async { handler(event) }
  }

  /// Waits about a quarter of the device latency, or until woken. Lock held.
  private func waitAPeriod() {
    condition.wait(seconds: Double(latencyMicros) / 4_000_000)
  }
}
