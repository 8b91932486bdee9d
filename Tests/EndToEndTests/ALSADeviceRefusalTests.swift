import Foundation
import TestSupport
import Testing

/// An ALSA device that refuses lyricpip's sample format (32-bit float) is a device that cannot
/// be used: exit 69 with alsa-lib's own message, not a crash while the handle is closed.
@Suite struct ALSADeviceRefusalTests {
  @Test func aDeviceThatRefusesFloatIsExit69WithALSAsMessage() throws {
    // A PCM of a user's ~/.asoundrc that takes integer samples only (the `linear` plugin
    // converts between integer formats), in front of the `null` PCM.
    let home = try Paths.makeTemporaryDirectory()
    let config = """
      pcm.integersonly {
        type linear
        slave { pcm "null" format S16_LE }
      }

      """
    try Data(config.utf8).write(to: home.appendingPathComponent(".asoundrc"))
    let tone = home.appendingPathComponent("tone.wav").path
    try ToneFile.write(to: tone, seconds: 1)

    let result = try ProcessRunner.run(
      Paths.lyricpipBinary, ["play", tone, "--no-window", "--audio", "alsa"],
      environment: [
        "HOME": home.path, "LYRICPIP_ALSA_DEVICE": "integersonly",
        "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
        "XDG_STATE_HOME": home.appendingPathComponent("state").path,
      ], timeout: 30)
    #expect(!result.endedBySignal, "lyricpip crashed: \(result.stderr)")
    #expect(result.status == 69, "status \(result.status): \(result.stderr)")
    // snd_strerror's words for the refusal, after what was being done.
    #expect(
      result.stderr.contains("configure integersonly for 32-bit float: Invalid argument"),
      "\(result.stderr)")
  }
}
