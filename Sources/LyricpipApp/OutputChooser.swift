import Playback
import SessionWiring

/// Picks and opens the audio output of `--audio`: by default PulseAudio, then ALSA.
enum OutputChooser {
  /// No output could be opened (exit 69); the message says what to start or install.
  struct Unavailable: Error, CustomStringConvertible {
    var description: String
  }

  static func open(_ choice: PlayOptions.Audio, format: AudioFormat) throws -> AudioOutput {
    switch choice {
    case .null:
      let output = NullOutput(format: format)
      try output.open()
      return output
    case .pulse:
      do {
        return try SoundOutputs.openPulse(format: format)
      } catch {
        throw Unavailable(
          description:
            "no PulseAudio server answers (\(error)); start one with 'pulseaudio --start' "
            + "(package pulseaudio), or use --audio alsa or --audio null")
      }
    case .alsa:
      do {
        return try SoundOutputs.openALSA(format: format)
      } catch {
        throw Unavailable(
          description:
            "no ALSA device could be opened (\(error)); install alsa-utils and check 'aplay -l', "
            + "or use --audio pulse or --audio null")
      }
    case .automatic:
      if let output = SoundOutputs.openPulseOrALSA(format: format) { return output }
      throw Unavailable(
        description:
          "no sound output: no PulseAudio server answers and no ALSA device opens; start "
          + "PulseAudio ('pulseaudio --start', package pulseaudio) or connect a sound device, "
          + "or use --audio null to play silently")
    }
  }
}
