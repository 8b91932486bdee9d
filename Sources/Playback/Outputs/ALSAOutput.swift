import Dispatch
import FoundationEssentials
import SystemSupport

/// Plays through ALSA (`snd_pcm_*`), used when no PulseAudio server answers. The heard position
/// is the frames written minus `snd_pcm_delay` (what is still queued before the speaker).
///
/// One thread of the output's own (`lyricpip.alsa`) owns the PCM and makes every alsa-lib call:
/// it opens the device, hands it the decoder's samples in pieces of a quarter of the latency,
/// carries out the queued drops and pauses in order, and after each piece reads the delay. Any
/// of those calls may block: through the `pulse` plugin, a sound server that stops answering
/// holds them. So no caller waits for alsa-lib: `flush`, `setPaused` and `close` change the
/// shared state and queue a command, and `heardFrame` works from the thread's last reading and
/// CLOCK_MONOTONIC (moving on from it by at most what the device had queued then; when the
/// reading grows old, the position stands still and is not advancing). Only the decoder
/// thread's `write` (while the queue ahead of the device is full) and `drain` wait, on `wake`,
/// and a flush or `close` wakes them.
///
/// Pause uses the device's pause; a device that cannot pause is dropped instead and the player
/// is told to resynchronise (`.resync`), so it decodes again from the heard position.
public final class ALSAOutput: AudioOutput, Sendable {
  public let name = "alsa"
  public var format: AudioFormat { owner.format }
  private let owner: Device

  /// - Parameter device: an ALSA PCM name; `LYRICPIP_ALSA_DEVICE` or "default" when nil.
  public init(
    device: String? = nil, format: AudioFormat = .standard, latencyMicros: UInt32 = 100_000
  ) {
    owner = Device(
      name: device ?? ProcessInfo.processInfo.environment["LYRICPIP_ALSA_DEVICE"] ?? "default",
      format: format, latencyMicros: latencyMicros)
  }

  /// The PCM's thread holds `owner`, not the output: when the output goes, the thread ends.
  deinit { owner.close() }

  /// The ALSA PCM name played to.
  public var device: String { owner.name }

  public func open() throws { try owner.open() }
  public func close() { owner.close() }

  public func setEventHandler(_ handler: @escaping @Sendable (AudioOutputEvent) -> Void) {
    owner.setEventHandler(handler)
  }

  public func write(_ samples: [Float], epoch: Int) -> Bool {
    owner.write(samples, epoch: epoch)
  }

  public func drain(epoch: Int) -> Bool { owner.drain(epoch: epoch) }

  public func flush(epoch: Int, startingAt frame: Int64) {
    owner.flush(epoch: epoch, startingAt: frame)
  }

  public func setPaused(_ paused: Bool) { owner.setPaused(paused) }

  public func heardFrame() -> (frame: Int64, isAdvancing: Bool) { owner.heardFrame() }
}
