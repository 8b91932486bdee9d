import Foundation
import TestSupport
import Testing

/// `lyricpip play` with its windows through PulseAudio, and the sound server stops answering
/// (SIGSTOP) mid-song, as a hung server does: the desktop controls, the keys and a quit signal
/// must still answer at once. A server, a display and a bus of the test's own, so freezing the
/// server disturbs no other test.
@Suite(
  .tags(.realTime),
  .enabled(if: Service.x11.shouldRun && Service.pulse.shouldRun && Service.dbus.shouldRun))
struct StalledSoundServerTests {
  /// Seconds `body` took.
  func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = Date()
    try body()
    return Date().timeIntervalSince(start)
  }

  func isSeek(_ event: [String: Any]) -> Bool { event["event"] as? String == "seek" }

  @Test(.timeLimit(.minutes(2)))
  func windowKeysMPRISAndSIGTERMAnswerWhileTheServerIsStopped() throws {
    let desktop = try PrivateDesktop()
    let bus = try PrivateBus()
    let server = try PrivatePulseServer()
    // Whatever happens, the server goes on, or it would outlive the test frozen.
    defer { server.resume() }
    let folder = try Paths.makeTemporaryDirectory()
    let player = try PlayProcess(
      ["--audio", "pulse"], display: desktop.display, folder: folder,
      environment: bus.environment.merging(["PULSE_SERVER": server.address]) { $1 })
    defer { _ = player.terminate() }

    let ready = player.waitForEvent { $0["event"] as? String == "ready" }
    try #require(ready?["output"] as? String == "pulse", "\(String(describing: ready))")
    let playing = player.waitForEvent {
      $0["event"] as? String == "state" && $0["state"] as? String == "playing"
    }
    try #require(playing != nil, "never played: \(player.stderr)")
    // With windows, the first player on a bus takes the plain name.
    let name = MPRIS.plainName
    try #require(bus.waitForName(name), "\(name) never appeared: \(player.stderr)")
    let main = try #require(
      desktop.window(ofProcess: player.pid, named: "lyricpip$|– lyricpip"),
      "no main window: \(player.stderr)")
    try desktop.run("xdotool", ["windowactivate", "--sync", main])
    // The sound really runs before the server stops.
    _ = player.waitForEvent(seconds: 10) { $0["event"] as? String == "line" }

    server.suspend()
    let seeksBefore = player.events().filter(isSeek).count
    // → in the main window seeks 5 s on.
    try desktop.run("xdotool", ["key", "Right"])
    let keyActed = poll(timeout: 1) {
      player.events().filter(isSeek).count > seeksBefore
    }
    #expect(keyActed, "→ did not seek within 1 s: \(player.events().suffix(3)) \(player.stderr)")

    var status = ""
    let statusSeconds = try seconds { status = try bus.property("PlaybackStatus", of: name) }
    #expect(statusSeconds < 1, "PlaybackStatus took \(statusSeconds) s")
    #expect(status == "s \"Playing\"")
    var position = ""
    let positionSeconds = try seconds { position = try bus.property("Position", of: name) }
    #expect(positionSeconds < 1, "Position took \(positionSeconds) s")
    #expect(position.hasPrefix("x "), "\(position)")

    let end = player.quitTimed()
    #expect(end.seconds < 3, "SIGTERM took \(end.seconds) s")
    #expect(end.status == 0 && !end.bySignal, "status \(end.status): \(player.stderr)")
    let saved = try #require(player.savedState())
    let last = saved["lastTrack"] as? [String: Any] ?? [:]
    #expect((last["path"] as? String ?? "").hasSuffix("demo.ogg"), "\(saved)")
    // Nothing was heard after the seek (the server was stopped): the place saved is its target.
    let sought = player.events().filter(isSeek).last?["posMs"] as? Int ?? -1
    let savedMs = last["positionMs"] as? Int ?? -2
    #expect(abs(savedMs - sought) <= 100, "saved \(savedMs) ms, sought to \(sought) ms")
  }
}
