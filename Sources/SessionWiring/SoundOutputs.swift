import Playback

/// Opens the real sound outputs, the one way `play` and a `clock real` script do: PulseAudio,
/// or ALSA.
public enum SoundOutputs {
  public static func openPulse(format: AudioFormat) throws -> AudioOutput {
    let output = try PulseOutput(format: format)
    try output.open()
    return output
  }

  /// PulseAudio, connected now or, when no server answers yet, waiting for one (see
  /// `PulseOutput.openWaitingForServer`); `waiting` is why none answered now, nil when one did.
  public static func openPulseWaiting(format: AudioFormat) throws -> (
    output: AudioOutput, waiting: String?
  ) {
    let output = try PulseOutput(format: format)
    return (output, output.openWaitingForServer())
  }

  public static func openALSA(format: AudioFormat) throws -> AudioOutput {
    let output = ALSAOutput(format: format)
    try output.open()
    return output
  }

  /// PulseAudio, else ALSA; nil when neither opens.
  public static func openPulseOrALSA(format: AudioFormat) -> AudioOutput? {
    if let pulse = try? openPulse(format: format) { return pulse }
    return try? openALSA(format: format)
  }
}
