import Foundation
import TestSupport
import Testing

/// The session bus killed under a playing `play` and started again at the same address: the
/// player's MPRIS name (and the tray item, and `org.lyricpip.Lyrics1` on the same object) is
/// on the new bus within a few seconds, where playerctl and busctl find it, and the sound never
/// stopped meanwhile.
@Suite(.tags(.realTime), .enabled(if: Service.dbus.shouldRun), .timeLimit(.minutes(5)))
struct BusComesBackTests {
  /// How soon after the new bus listens the name must be on it: the player tries again after
  /// 0.25, 0.5, 1 and then every 2 s.
  static let backWithinSeconds = 5.0

  /// The states the player reported, in order.
  func states(_ player: PlayProcess) -> [String] {
    player.events().filter { $0["event"] as? String == "state" }.compactMap {
      $0["state"] as? String
    }
  }

  /// The MPRIS Position (µs) as busctl reads it.
  func position(_ bus: PrivateBus, _ name: String) throws -> Int {
    let text = try bus.property("Position", of: name)
    return try #require(Int(text.split(separator: " ").last ?? ""), "Position: \(text)")
  }

  @Test func withoutWindowsTheMPRISNameComesBackAndPlayingGoesOn() throws {
    let bus = try PrivateBus()
    let folder = try Paths.makeTemporaryDirectory()
    let audio = try LyricsBusFixtures.toneWithLyrics(folder, seconds: 60)
    let player = try PlayProcess(
      [audio, "--no-window"], display: "", folder: folder, environment: bus.environment)
    defer { _ = player.terminate() }
    let name = MPRIS.instanceName(player.pid)
    try #require(bus.waitForName(name), "\(name) never appeared: \(player.stderr)")
    let before = try position(bus, name)

    try bus.restart()
    let restarted = ContinuousClock.now
    #expect(
      bus.waitForName(name, seconds: Self.backWithinSeconds + 5),
      "\(name) not on the new bus: \(player.stderr)")
    #expect(
      ContinuousClock.now - restarted < .seconds(Self.backWithinSeconds),
      "back after \(ContinuousClock.now - restarted)")
    #expect(player.stderr.contains("lost the session bus"), "\(player.stderr)")
    #expect(player.stderr.contains("back on the session bus"), "\(player.stderr)")

    let status = try bus.run("playerctl", ["-p", "lyricpip.instance\(player.pid)", "status"])
    #expect(status.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "Playing")
    #expect(try position(bus, name) > before)
    #expect(try bus.property("PlaybackStatus", of: name) == "s \"Playing\"")
    let line = try bus.property("Line", of: name, interface: "org.lyricpip.Lyrics1")
    #expect(line.hasPrefix("("), "Line: \(line)")
    // The sound went on the whole time: playing, never paused or stopped.
    #expect(states(player) == ["playing"], "\(player.events())")
    #expect(player.process.isRunning)
  }

  @Test(.enabled(if: Service.x11.shouldRun))
  func withWindowsThePlainNameAndTheTrayItemComeBack() throws {
    let strip = try StripOnDesktop(folder: try Paths.makeTemporaryDirectory())
    let bus = strip.bus
    let player = try strip.launch()
    defer { _ = player.terminate() }

    try bus.restart()
    let restarted = ContinuousClock.now
    #expect(
      bus.waitForName(MPRIS.plainName, seconds: Self.backWithinSeconds + 5),
      "the plain name is not on the new bus: \(player.stderr)")
    #expect(ContinuousClock.now - restarted < .seconds(Self.backWithinSeconds))
    let status = try bus.run("playerctl", ["-p", "lyricpip", "status"])
    #expect(status.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "Playing")
    // A panel on the new bus gets the tray item registered and reads it.
    let panel = try ProcessRunner.run(
      "/usr/bin/python3", [TrayIconTests.host, "--wait=20"], environment: bus.environment,
      timeout: 60)
    #expect(panel.status == 0, "\(panel.stdout)\n\(panel.stderr)")
    #expect(panel.stdout.contains("\"step\": \"item\""), "\(panel.stdout)")
    #expect(states(player) == ["playing"], "\(player.events())")
  }
}
