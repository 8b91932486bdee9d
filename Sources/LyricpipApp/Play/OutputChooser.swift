import CommandLineOptions
import Playback
import RunOptions
import SessionWiring
import SystemSupport

/// Picks and opens the audio output of `--audio`: by default PulseAudio, then ALSA, then waiting
/// for a PulseAudio server to start; `--audio pulse` waits for one when none answers yet. What it
/// has to tell the user goes to `say`, which `play` holds until the files are checked, so the
/// messages come in the order they always did while the output opens beside the check.
enum OutputChooser {
  /// No output could be opened (exit 69); the message says what to start or install.
  struct Unavailable: Error, CustomStringConvertible {
    var description: String
  }

  static func open(
    _ choice: PlayOptions.Audio, format: AudioFormat, say: (String) -> Void = printError
  ) throws -> AudioOutput {
    switch choice {
    case .null:
      let output = NullOutput(format: format)
      try output.open()
      return output
    case .pulse:
      return try waitingForPulse(format: format, after: nil, say: say)
    case .alsa:
      do {
        return try SoundOutputs.openALSA(format: format)
      } catch {
        throw Unavailable(
          description:
            "no ALSA device could be opened (\(error)); install alsa-utils and check 'aplay -l', "
            + "or use \(Flag.audio) pulse or \(Flag.audio) null")
      }
    case .automatic:
      if let pulse = try? SoundOutputs.openPulse(format: format) { return pulse }
      do {
        let alsa = try SoundOutputs.openALSA(format: format)
        say("no PulseAudio server answers; playing through ALSA instead")
        return alsa
      } catch {
        return try waitingForPulse(
          format: format, after: "no ALSA device opens either (\(error))", say: say)
      }
    }
  }

  /// PulseAudio, waiting for a server that is not there yet: the windows and the queue go on,
  /// and playing starts by itself once one answers. Says so (`before` first, when given).
  private static func waitingForPulse(
    format: AudioFormat, after before: String?, say: (String) -> Void
  ) throws -> AudioOutput {
    let opened: (output: AudioOutput, waiting: String?)
    do {
      opened = try SoundOutputs.openPulseWaiting(format: format)
    } catch {
      throw Unavailable(
        description:
          "cannot use PulseAudio (\(error)); use \(Flag.audio) alsa or \(Flag.audio) null")
    }
    if let reason = opened.waiting {
      say(
        "no PulseAudio server answers (\(reason))"
          + (before.map { "; \($0)" } ?? "")
          + "; waiting for one to start ('pulseaudio --start', package pulseaudio), or use "
          + "\(Flag.audio) null to play silently")
    }
    return opened.output
  }
}
