import Foundation
import TestSupport
import Testing

/// `lyricpip follow` on the desktop as `play` is: `lyricpip ctl` and `lyricpip status` reach it
/// (as `org.lyricpip.Follow`, when no `play` runs) and say so, and its tray icon's menu hides
/// and locks its strip, pauses the followed player and quits the follower. A private X server
/// with openbox, a private bus, the scripted MPRIS player and the test panel.
@Suite(
  .tags(.realTime), .enabled(if: Service.x11.shouldRun && Service.dbus.shouldRun),
  .timeLimit(.minutes(5)))
struct FollowDesktopTests {
  static let name = "org.lyricpip.Follow"
  static let talking = "lyricpip: talking to lyricpip follow (org.lyricpip.Follow)\n"

  let temporary: TemporaryDirectory

  init() throws {
    temporary = try TemporaryDirectory()
  }

  /// A track whose lines are long enough to stay current while the test asks.
  func song() throws -> String {
    let audio = temporary.url.appendingPathComponent("song.flac")
    try Data().write(to: audio)
    try Data("[00:00.50]one\n[00:30.00]two\n".utf8).write(
      to: temporary.url.appendingPathComponent("song.lrc"))
    return audio.absoluteString
  }

  func lyricpip(_ arguments: [String], _ bus: PrivateBus) throws -> ProcessResult {
    try LyricsBusFixtures.lyricpip(arguments, bus: bus)
  }

  @Test func ctlStatusAndTheTrayReachTheFollower() throws {
    let desktop = try PrivateDesktop()
    let bus = try PrivateBus()
    let follow = try PlayProcess(
      [], display: desktop.display, folder: temporary.url, environment: bus.environment,
      command: ["follow"])
    defer { _ = follow.terminate() }
    try #require(bus.waitForName(Self.name), "no \(Self.name): \(follow.stderr)")
    let player = try ScriptedMPRISPlayer(
      name: "scripted", arguments: ["--track", try song()], bus: bus, folder: temporary.url)
    try #require(bus.waitForName(player.busName))
    player.send("play")
    try #require(follow.waitForPip("didStart") != nil, "\(follow.events()) \(follow.stderr)")
    let first = follow.waitForEvent {
      $0["event"] as? String == "line" && $0["text"] as? String == "one"
    }
    try #require(first != nil, "\(follow.events())")

    // status: the follower's line, and who said it.
    let status = try lyricpip(["status"], bus)
    #expect(status.status == 0, "\(status.stderr)")
    #expect(status.stdout == "one\n")
    #expect(status.stderr == Self.talking)

    // ctl: lock, then hide, as for play's strip.
    let lock = try lyricpip(["ctl", "lock"], bus)
    #expect(lock.status == 0 && lock.stderr == Self.talking, "\(lock.stderr)")
    #expect(
      follow.waitForEvent {
        $0["event"] as? String == "strip" && $0["state"] as? String == "locked"
      } != nil, "\(follow.events())")
    #expect(
      try bus.property("Locked", of: Self.name, interface: "org.lyricpip.Lyrics1") == "b true")
    let hide = try lyricpip(["ctl", "hide"], bus)
    #expect(hide.status == 0, "\(hide.stderr)")
    #expect(
      follow.waitForEvent {
        $0["event"] as? String == "strip" && $0["state"] as? String == "hidden"
          && $0["reason"] as? String == "user"
      } != nil, "\(follow.events())")

    // The tray: the menu has no main window to open; "Show" brings the strip back, "Pause"
    // pauses the followed player itself.
    let panel = try ProcessRunner.run(
      "/usr/bin/python3",
      [TrayIconTests.host, "Show the lyrics strip", "Pause"], environment: bus.environment,
      timeout: 60)
    #expect(panel.status == 0, "\(panel.stdout)\n\(panel.stderr)")
    let layouts = try TrayIconTests().steps(panel.stdout).filter {
      $0["step"] as? String == "layout"
    }
    try #require(layouts.count == 3, "\(panel.stdout)")
    let labels = (layouts[0]["items"] as? [[String: Any]] ?? []).compactMap {
      $0["label"] as? String
    }
    #expect(
      labels == [
        "Show the lyrics strip", "Lock the lyrics strip", "Pause", "Next", "Previous", "Quit",
      ])
    #expect(
      follow.waitForEvent {
        $0["event"] as? String == "strip" && $0["state"] as? String == "shown"
          && $0["reason"] as? String == "user"
      } != nil, "\(follow.events())")
    #expect(
      follow.waitForEvent {
        $0["event"] as? String == "state" && $0["state"] as? String == "paused"
      } != nil, "\(follow.events())")
    #expect(try bus.property("PlaybackStatus", of: player.busName) == "s \"Paused\"")

    // "Quit" ends the follower, cleanly.
    let quit = try bus.run(
      "busctl",
      [
        "--user", "call", Self.name, "/MenuBar", "com.canonical.dbusmenu", "Event", "isvu", "9",
        "clicked", "i", "0", "0",
      ])
    #expect(quit.status == 0, "\(quit.stderr)")
    #expect(poll(timeout: 20) { !follow.process.isRunning }, "still running: \(follow.stderr)")
    let ended = follow.terminate()
    #expect(ended.status == 0 && !ended.bySignal, "\(follow.stderr)")
  }

  @Test func aPlayWinsOverTheFollowerAndStatusSaysWhichItReads() throws {
    let bus = try PrivateBus()
    let follow = try PlayProcess(
      [], display: "", folder: temporary.url, environment: bus.environment,
      command: ["follow", "--no-window"])
    defer { _ = follow.terminate() }
    try #require(bus.waitForName(Self.name), "no \(Self.name): \(follow.stderr)")
    // Without windows the follower has no strip: ctl says so, status still reads its line.
    let ctl = try lyricpip(["ctl", "show"], bus)
    #expect(ctl.status == 69)
    #expect(
      ctl.stderr
        == Self.talking + "lyricpip: this player has no lyric strip (it runs without windows)\n")
    let idle = try lyricpip(["status", "--format", "waybar"], bus)
    #expect(idle.status == 0 && idle.stderr == Self.talking, "\(idle.stderr)")
    #expect(idle.stdout == "{\"text\":\"\",\"tooltip\":\"\",\"class\":\"idle\"}\n")

    let audio = try LyricsBusFixtures.toneWithLyrics(temporary.url, seconds: 30)
    let play = try PlayProcess(
      [audio, "--no-window"], display: "", folder: temporary.url, environment: bus.environment)
    defer { _ = play.terminate() }
    let playName = MPRIS.instanceName(play.pid)
    try #require(bus.waitForName(playName), "\(play.stderr)")
    let status = try lyricpip(["status"], bus)
    #expect(status.stderr == "lyricpip: talking to lyricpip play (\(playName))\n")
  }
}
