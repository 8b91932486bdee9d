import Dispatch
import Foundation
import LyricsCore
import Playback
import SystemSupport
import TestSupport
import Testing

/// The ALSA output through alsa-lib's `pulse` PCM plugin (libasound2-plugins) into a PulseAudio
/// server of the test's own, which then stops answering (SIGSTOP). The plugin's calls wait for
/// that server; the player's commands and its heard position must still answer at once, and the
/// song goes on when the server does.
@Suite(.tags(.realTime), .enabled(if: Service.pulse.shouldRun))
struct ALSAStallTests {
  /// An ALSA PCM name that plays through the `pulse` plugin into `server`. The definition goes
  /// into a file of its own that is added to alsa-lib's configuration path: unlike `HOME`, which
  /// other suites of this process read, that only adds a name.
  static func pulsePCM(server: PrivatePulseServer) throws -> String {
    let name = "lyricpip_test_pulse_\(getpid())_\(server.directory.lastPathComponent)"
      .map { $0.isLetter || $0.isNumber ? $0 : "_" }
    let pcm = String(name)
    let file = server.directory.appendingPathComponent("asound.conf")
    try "pcm.\(pcm) { type pulse server \"\(server.address)\" }\n".write(
      to: file, atomically: true, encoding: .utf8)
    let existing = ProcessInfo.processInfo.environment["ALSA_CONFIG_PATH"]
    let paths = (existing ?? "/usr/share/alsa/alsa.conf") + ":" + file.path
    setenv("ALSA_CONFIG_PATH", paths, 1)
    return pcm
  }

  @Test(.timeLimit(.minutes(1)))
  func commandsAnswerWhileTheServerIsStoppedAndPlaybackGoesOnAfter() throws {
    // The fixture first: a child started while the server runs would share its descriptors.
    let path = try AudioFixtures.sine("tone.flac", seconds: 8, rate: 48_000)
    let server = try PrivatePulseServer()
    defer { server.resume() }
    let output = ALSAOutput(device: try Self.pulsePCM(server: server))
    try playThroughAStall(
      of: server, on: output, file: path,
      // Long enough for the plugin to have filled what the server had taken and to be waiting.
      settleSeconds: 0.3, positionFirst: true, expectStillWhileStalled: true)
  }
}
