internal import CALSA
import Glibc

// Every call into alsa-lib goes through this file. `ALSAPCM` owns one playback handle; errors
// carry alsa-lib's own message (snd_strerror). alsa-lib serialises calls on a handle itself and
// releases its lock while a blocking write waits, so the position can be read during a write.

/// An alsa-lib failure with its message.
struct ALSAError: Error, CustomStringConvertible {
  var description: String

  init(_ operation: String, code: Int32) {
    description = "\(operation): " + String(cString: snd_strerror(code))
  }
}

/// A PCM playback handle in interleaved float format, opened in blocking mode (as aplay does:
/// I/O plugins such as `pulse` move their pointer only inside their own wait).
final class ALSAPCM {
  private let pointer: OpaquePointer

  init(device: String, format: AudioFormat, latencyMicros: UInt32) throws {
    lyricpip_alsa_quiet()
    var handle: OpaquePointer?
    let opened = snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, 0)
    guard opened >= 0, let handle else { throw ALSAError("open \(device)", code: opened) }
    let configured = snd_pcm_set_params(
      handle, SND_PCM_FORMAT_FLOAT_LE, SND_PCM_ACCESS_RW_INTERLEAVED, UInt32(format.channels),
      UInt32(format.sampleRate), 1, latencyMicros)
    guard configured >= 0 else {
      // Closed here, and only here: `pointer` is not set yet, so `deinit` does not run.
      snd_pcm_close(handle)
      throw ALSAError("configure \(device) for 32-bit float", code: configured)
    }
    // Set last: once `self` is fully initialised, a throw would run `deinit` (a second close).
    pointer = handle
  }

  deinit { snd_pcm_close(pointer) }

  /// Writes `frames` frames, blocking while the buffer is full; returns how many were taken.
  func write(_ samples: UnsafePointer<Float>, frames: Int) -> Int {
    var written = snd_pcm_writei(pointer, samples, snd_pcm_uframes_t(frames))
    if written < 0 {
      _ = snd_pcm_recover(pointer, Int32(written), 1)
      written = snd_pcm_writei(pointer, samples, snd_pcm_uframes_t(frames))
    }
    return max(0, Int(written))
  }

  /// Frames written but not yet heard (`snd_pcm_delay`), nil when the device cannot say.
  func delay() -> Int? {
    var frames = snd_pcm_sframes_t(0)
    guard snd_pcm_delay(pointer, &frames) >= 0 else { return nil }
    return Int(frames)
  }

  /// Everything queued has been played and the device ran dry (an underrun).
  var ranDry: Bool { snd_pcm_state(pointer) == SND_PCM_STATE_XRUN }

  var isRunning: Bool { snd_pcm_state(pointer) == SND_PCM_STATE_RUNNING }

  /// Starts playback of what is queued even below the start threshold (short tails).
  func start() {
    if snd_pcm_state(pointer) == SND_PCM_STATE_PREPARED { _ = snd_pcm_start(pointer) }
  }

  /// Pauses or resumes in the hardware; false when the device cannot pause.
  func pause(_ paused: Bool) -> Bool {
    let state = snd_pcm_state(pointer)
    if paused && state != SND_PCM_STATE_RUNNING { return true }
    if !paused && state != SND_PCM_STATE_PAUSED { return true }
    return snd_pcm_pause(pointer, paused ? 1 : 0) >= 0
  }

  /// Drops what is queued and gets ready for new audio.
  func drop() {
    _ = snd_pcm_drop(pointer)
    _ = snd_pcm_prepare(pointer)
  }
}
