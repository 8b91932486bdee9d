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
@Suite(.enabled(if: Service.pulse.shouldRun))
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
    try output.open()
    let player = Player(output: output, clock: SystemClock())
    defer { player.shutdown() }
    let log = EventLog(player)
    player.load([.file(path)])
    player.play()
    try #require(poll(timeout: 10) { player.heardPosition().nanos > 1_000_000_000 })

    server.suspend()
    // Long enough for the plugin to have filled what the server had taken and to be waiting.
    Thread.sleep(forTimeInterval: 0.3)
    let commands: [(String, @Sendable () -> Void)] = [
      ("heardPosition", { _ = player.heardPosition() }),
      ("seek", { player.seek(toNanos: 4_000_000_000) }),
      ("heardPosition after the seek", { _ = player.heardPosition() }),
      ("pause", { player.pause() }),
      ("heardPosition while paused", { _ = player.heardPosition() }),
      ("play", { player.play() }),
      ("state", { _ = player.state }),
    ]
    for (name, command) in commands {
      let taken = secondsTaken(within: 1, command)
      #expect(taken != nil, "\(name) did not return within 1 s while the server was stopped")
      if taken == nil { break }
    }
    #expect(log.all.contains(.sought(positionNanos: 4_000_000_000)))
    // Nothing is heard while the server is stopped: the position stays at the seek target.
    let stalled = player.heardPosition().nanos
    #expect(stalled >= 4_000_000_000 && stalled < 4_300_000_000, "at \(stalled) ns")
    #expect(!player.heardPosition().isAdvancing)

    server.resume()
    // The song goes on from the seek made meanwhile, not from where it was before it.
    #expect(
      poll(timeout: 10) { player.heardPosition().nanos > 4_500_000_000 },
      "stuck at \(player.heardPosition().nanos) ns")
    #expect(log.waitForEnd(seconds: 15), "state \(player.state)")
    #expect(player.heardPosition().nanos == 8_000_000_000)
  }
}
