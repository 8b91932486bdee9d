import Foundation
import TestSupport
import Testing

/// A seek from the keyboard reaches the desktop as MPRIS's Seeked, as one through MPRIS does:
/// every seek goes through the session's commands to the player, whose `sought` event is what
/// the bus signals.
@Suite(.enabled(if: Service.x11.shouldRun && Service.dbus.shouldRun), .timeLimit(.minutes(5)))
struct SeekedFromKeysTests {
  /// This test's own folder, removed when it ends.
  let temporary: TemporaryDirectory

  init() throws {
    temporary = try TemporaryDirectory()
  }

  @Test func theRightArrowKeyInTheMainWindowIsSignalledAsSeeked() throws {
    let desktop = try PrivateDesktop()
    let bus = try PrivateBus()
    let folder = temporary.url
    let audio = try LyricsBusFixtures.toneWithLyrics(folder, seconds: 60)
    let player = try PlayProcess(
      [audio, "--start", "10"], display: desktop.display, folder: folder,
      environment: bus.environment)
    defer { _ = player.terminate() }
    try #require(player.waitForMainFocus(), "the main window never had the focus: \(player.stderr)")
    try #require(bus.waitForName(MPRIS.plainName), "\(player.stderr)")
    let signals = folder.appendingPathComponent("signals.txt").path
    let monitor = try bus.monitor(MPRIS.plainName, into: signals)
    defer { PrivateDesktop.kill(monitor) }

    try desktop.run("xdotool", ["key", "Right"])
    let sought = player.waitForEvent {
      $0["event"] as? String == "seek" && ($0["posMs"] as? Int ?? 0) >= 14_000
    }
    let soughtMs = try #require(sought?["posMs"] as? Int, "no seek: \(player.events())")
    #expect(
      poll(timeout: 10) {
        PrivateBus.text(of: signals).contains("org.mpris.MediaPlayer2.Player.Seeked")
      }, "no Seeked: \(PrivateBus.text(of: signals))")
    // gdbus prints the signal's argument as `(int64 15012000,)`.
    let text = PrivateBus.text(of: signals)
    let seekedLine = text.split(separator: "\n").last { $0.contains("Player.Seeked") }
    let micros = seekedLine.flatMap { line in
      line.split(separator: "(int64 ").last.flatMap { Int($0.prefix { $0.isNumber }) }
    }
    let reported = try #require(micros, "\(text)")
    #expect(abs(reported / 1_000 - soughtMs) <= 50, "Seeked \(reported) µs, seek at \(soughtMs)")
  }
}
