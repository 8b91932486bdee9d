import Foundation
import TestSupport
import Testing

/// `play` started before its sound server: it says so (stderr and an `output` `waiting` event),
/// the windows open meanwhile, SIGTERM still ends it at once, and the song starts by itself, on
/// time with its lines, when a server appears at the address. Real servers (a private
/// PulseAudio started late, Xvfb with openbox) and real time.
@Suite(.tags(.realTime), .timeLimit(.minutes(5))) struct SoundServerLaterTests {
  /// How far apart (beyond the second of sound between them) two line events may come on a
  /// loaded machine.
  static let lineBoundSeconds = 0.15

  /// A 4 s tone with lines at 0.5, 1.5 and 2.5 s.
  func song() throws -> (audio: String, lyrics: String) {
    let folder = try Paths.makeTemporaryDirectory()
    let audio = folder.appendingPathComponent("later.wav").path
    try ToneFile.write(to: audio, seconds: 4)
    let lyrics = folder.appendingPathComponent("later.lrc").path
    try Data("[00:00.50]one\n[00:01.50]two\n[00:02.50]three\n".utf8).write(
      to: URL(fileURLWithPath: lyrics))
    return (audio, lyrics)
  }

  func start(
    _ arguments: [String], audio: String?, server: PrivatePulseServer, display: String = "",
    environment: [String: String] = [:]
  ) throws -> PlayProcess {
    try PlayProcess(
      arguments, display: display, folder: try Paths.makeTemporaryDirectory(),
      environment: ["PULSE_SERVER": server.address].merging(environment) { $1 },
      command: ["play"] + (audio.map { ["--audio", $0] } ?? []))
  }

  func waitingEvent(_ player: PlayProcess) -> [String: Any]? {
    player.waitForEvent(seconds: 10) {
      $0["event"] as? String == "output" && $0["state"] as? String == "waiting"
    }
  }

  /// Starts the server, then checks that playing starts by itself from the beginning and that
  /// the lines come when the heard position says.
  func serverComesUp(_ server: PrivatePulseServer, for player: PlayProcess) throws {
    // Nothing is heard while there is no server: the first line (0.5 s) stays away.
    let early = player.waitForEvent(seconds: 1) { $0["event"] as? String == "line" }
    #expect(early == nil, "a line before any server: \(player.events())")
    try server.start()
    let back = try #require(
      player.waitForEvent(seconds: 10) {
        $0["event"] as? String == "output" && $0["state"] as? String == "reconnected"
      }, "no reconnected event: \(player.events()) \(player.stderr)")
    #expect(back["posMs"] as? Int == 0, "\(back)")
    let one = try #require(line(500, of: player), "no line at 0.5 s: \(player.events())")
    let two = try #require(line(1_500, of: player), "no line at 1.5 s: \(player.events())")
    for event in [one, two] {
      let ms = try #require(event["ms"] as? Int)
      let heardAt = try #require(event["posMs"] as? Int)
      #expect(abs(heardAt - ms) < 100, "the line at \(ms) ms came at \(heardAt) ms heard")
    }
    // A second of sound between them, as heard: the stream really plays, at its pace.
    let apart = try #require(two["mono"] as? Double) - (try #require(one["mono"] as? Double))
    #expect(abs(apart - 1) < Self.lineBoundSeconds, "lines 1 s apart came \(apart) s apart")
  }

  func line(_ ms: Int, of player: PlayProcess) -> [String: Any]? {
    player.waitForEvent(seconds: 10) { $0["event"] as? String == "line" && $0["ms"] as? Int == ms }
  }

  @Test func withAudioPulseItWaitsThenPlaysWhenTheServerComes() throws {
    let server = try PrivatePulseServer(started: false)
    let (audio, lyrics) = try song()
    let player = try start(
      [audio, "--lyrics", lyrics, "--no-window"], audio: "pulse", server: server)
    defer { _ = player.terminate() }
    let waiting = try #require(
      waitingEvent(player), "no waiting event: \(player.events()) \(player.stderr)")
    #expect((waiting["message"] as? String ?? "").isEmpty == false)
    #expect(player.stderr.contains("no PulseAudio server answers"), "\(player.stderr)")
    #expect(player.stderr.contains("waiting for one to start"), "\(player.stderr)")
    try serverComesUp(server, for: player)
    // The song plays to its end and the run ends by itself.
    #expect(poll(timeout: 15) { !player.process.isRunning }, "\(player.stderr)")
    player.process.waitUntilExit()
    #expect(player.process.terminationStatus == 0, "\(player.stderr)")
  }

  @Test func byDefaultALSAIsTriedAndSaidThenItWaitsForPulse() throws {
    let server = try PrivatePulseServer(started: false)
    let (audio, lyrics) = try song()
    // No ALSA device works here: the one named does not exist.
    let player = try start(
      [audio, "--lyrics", lyrics, "--no-window"], audio: nil, server: server,
      environment: ["LYRICPIP_ALSA_DEVICE": "no-such-device"])
    defer { _ = player.terminate() }
    #expect(waitingEvent(player) != nil, "no waiting event: \(player.events()) \(player.stderr)")
    #expect(player.stderr.contains("no ALSA device opens either"), "\(player.stderr)")
    #expect(player.stderr.contains("waiting for one to start"), "\(player.stderr)")
    try serverComesUp(server, for: player)
  }

  /// A windowed `play` on a desktop of its own, started before its server: it says it waits,
  /// and its main window is open meanwhile. The caller ends the player.
  func windowedPlayerWaitingForItsServer() throws -> (
    desktop: PrivateDesktop, server: PrivatePulseServer, player: PlayProcess
  ) {
    let desktop = try PrivateDesktop()
    let server = try PrivatePulseServer(started: false)
    let (audio, lyrics) = try song()
    let player = try start(
      [audio, "--lyrics", lyrics], audio: "pulse", server: server, display: desktop.display)
    #expect(waitingEvent(player) != nil, "no waiting event: \(player.events()) \(player.stderr)")
    #expect(
      desktop.window(ofProcess: player.pid, named: "lyricpip$|– lyricpip") != nil,
      "no main window while waiting: \(player.stderr)")
    return (desktop, server, player)
  }

  @Test(.enabled(if: Service.x11.shouldRun))
  func theWindowsOpenWhileItWaitsAndPlayingStartsWhenTheServerComes() throws {
    let (desktop, server, player) = try windowedPlayerWaitingForItsServer()
    defer { withExtendedLifetime((desktop, server)) { _ = player.terminate() } }
    try serverComesUp(server, for: player)
  }

  @Test(.enabled(if: Service.x11.shouldRun))
  func sigtermWhileWaitingEndsTheWindowedPlayerAtOnce() throws {
    let (desktop, server, player) = try windowedPlayerWaitingForItsServer()
    defer { withExtendedLifetime((desktop, server)) { _ = player.terminate() } }
    let asked = ContinuousClock.now
    player.process.terminate()
    #expect(poll(timeout: 3) { !player.process.isRunning }, "still running 3 s after SIGTERM")
    player.process.waitUntilExit()
    #expect(ContinuousClock.now - asked < .seconds(3))
    #expect(player.process.terminationStatus == 0, "\(player.stderr)")
    #expect(player.process.terminationReason == .exit, "\(player.stderr)")
  }
}
