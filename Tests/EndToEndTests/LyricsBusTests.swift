import Foundation
import TestSupport
import Testing

/// The lyrics on the session bus, as a panel reads them: `lyricpip status` (and `--follow`)
/// over `org.lyricpip.Lyrics1`, MPRIS's `xesam:asText`, and the answers without a player.
@Suite(.enabled(if: Service.dbus.shouldRun), .timeLimit(.minutes(5)))
struct LyricsBusTests {
  /// This test's own folder, removed when it ends.
  let temporary: TemporaryDirectory

  init() throws {
    temporary = try TemporaryDirectory()
  }

  @Test func statusFollowPrintsEveryLineTheLineEventsSayInOrder() throws {
    let bus = try PrivateBus()
    let folder = temporary.url
    let audio = try LyricsBusFixtures.toneWithLyrics(folder)
    let player = try PlayProcess(
      [audio, "--no-window"], display: "", folder: folder, environment: bus.environment)
    defer { _ = player.terminate() }
    let name = MPRIS.instanceName(player.pid)
    try #require(bus.waitForName(name), "\(name) never appeared: \(player.stderr)")
    let signals = folder.appendingPathComponent("signals.txt").path
    let monitor = try bus.monitor(name, into: signals)
    defer { PrivateDesktop.kill(monitor) }

    // Runs until the player quits at the end of the track.
    let status = try LyricsBusFixtures.lyricpip(
      ["status", "--follow", "--format", "json"], bus: bus)
    #expect(status.status == 0, "\(status.stderr)")
    let printed = status.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(printed.count == status.stdout.split(separator: "\n").count, "\(status.stdout)")
    let indices = printed.compactMap { $0["index"] as? Int }
    // Before the first line: -1, as long as status came up before it.
    #expect(Array(indices.drop { $0 == -1 }) == LyricsBusFixtures.lineIndices(player))
    #expect(LyricsBusFixtures.lineIndices(player) == [0, 1, 2, 3])
    let texts = printed.compactMap { $0["text"] as? String }.filter { !$0.isEmpty }
    #expect(texts == ["one", "two", "three", "four"])
    let two = try #require(printed.first { $0["index"] as? Int == 1 })
    #expect(two["startMs"] as? Int == 2_100)
    #expect(two["endMs"] as? Int == 2_700)
    #expect(two["translation"] is NSNull)
    // On the bus itself: one PropertiesChanged carrying `Line` for each line, no repeats.
    let lineSignals = PrivateBus.text(of: signals).split(separator: "\n").filter {
      $0.contains("PropertiesChanged ('org.lyricpip.Lyrics1', {'Line'")
    }
    #expect(lineSignals.count == 4, "\(PrivateBus.text(of: signals))")
  }

  @Test func statusPrintsTheCurrentLineAndMetadataCarriesTheLyrics() throws {
    let bus = try PrivateBus()
    let folder = temporary.url
    let audio = try LyricsBusFixtures.toneWithLyrics(folder, seconds: 30)
    let player = try PlayProcess(
      [audio, "--no-window", "--start", "2.2"], display: "", folder: folder,
      environment: bus.environment)
    defer { _ = player.terminate() }
    let name = MPRIS.instanceName(player.pid)
    try #require(bus.waitForName(name), "\(name) never appeared: \(player.stderr)")
    // Line 1 ("two") lasts 0.6 s: a loaded machine can move past it before `status` answers.
    // Paused, then put at 2.4 s, the player holds line 1 for as long as the test asks.
    try bus.call(name, MPRIS.player, "Pause")
    let paused = player.waitForEvent {
      $0["event"] as? String == "state" && $0["state"] as? String == "paused"
    }
    try #require(paused != nil, "never paused: \(player.events())")
    let trackID = try #require(
      try bus.property("Metadata", of: name).firstMatch(of: /"mpris:trackid" o "([^"]+)"/)?.1,
      "no mpris:trackid")
    try bus.call(name, MPRIS.player, "SetPosition", ["ox", String(trackID), "2400000"])
    let held = poll(timeout: 15) {
      let events = player.events()
      guard let seek = events.lastIndex(where: { $0["event"] as? String == "seek" }),
        events[seek]["posMs"] as? Int == 2_400
      else { return false }
      return events[seek...].contains {
        $0["event"] as? String == "line" && $0["index"] as? Int == 1
      }
        || events.last(where: { $0["event"] as? String == "line" })?["index"] as? Int == 1
    }
    try #require(held, "line 1 not current after the seek: \(player.events().suffix(6))")

    let plain = try LyricsBusFixtures.lyricpip(["status"], bus: bus)
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(plain.stdout == "two\n")
    let waybar = try LyricsBusFixtures.lyricpip(["status", "--format", "waybar"], bus: bus)
    #expect(waybar.stdout == "{\"text\":\"two\",\"tooltip\":\"two\",\"class\":\"line\"}\n")
    #expect(
      try bus.property("Line", of: name, interface: "org.lyricpip.Lyrics1")
        == "(issxx) 1 \"two\" \"\" 2100 2700")
    #expect(try bus.property("OffsetMs", of: name, interface: "org.lyricpip.Lyrics1") == "x 0")
    let metadata = try bus.property("Metadata", of: name)
    #expect(metadata.contains("\"xesam:asText\" s \"one\\ntwo\\nthree\\nfour\""), "\(metadata)")
  }

  @Test func withoutAPlayerStatusAndCtlSaySoAndExit69() throws {
    let bus = try PrivateBus()
    let status = try LyricsBusFixtures.lyricpip(["status", "--follow"], bus: bus)
    #expect(status.status == 69)
    #expect(status.stderr == "lyricpip: no lyricpip player or follower is running\n")
    #expect(status.stdout.isEmpty)
    let ctl = try LyricsBusFixtures.lyricpip(["ctl", "lock"], bus: bus)
    #expect(ctl.status == 69)
    #expect(ctl.stderr == "lyricpip: no lyricpip player or follower is running\n")
  }

  @Test func badUsageExits64() throws {
    let bus = try PrivateBus()
    let unknown = try LyricsBusFixtures.lyricpip(["ctl", "lok"], bus: bus)
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("unknown ctl command 'lok'"), "\(unknown.stderr)")
    #expect(try LyricsBusFixtures.lyricpip(["ctl"], bus: bus).status == 64)
    let format = try LyricsBusFixtures.lyricpip(["status", "--format", "xml"], bus: bus)
    #expect(format.status == 64)
    #expect(format.stderr.contains("--format must be plain, json or waybar"), "\(format.stderr)")
  }

  @Test func aPlayerWithoutWindowsRefusesTheStripCommands() throws {
    let bus = try PrivateBus()
    let folder = temporary.url
    let audio = try LyricsBusFixtures.toneWithLyrics(folder, seconds: 30)
    let player = try PlayProcess(
      [audio, "--no-window"], display: "", folder: folder, environment: bus.environment)
    defer { _ = player.terminate() }
    let name = MPRIS.instanceName(player.pid)
    try #require(bus.waitForName(name), "\(player.stderr)")
    let ctl = try LyricsBusFixtures.lyricpip(["ctl", "hide"], bus: bus)
    #expect(ctl.status == 69)
    #expect(
      ctl.stderr == "lyricpip: talking to lyricpip play (\(name))\n"
        + "lyricpip: this player has no lyric strip (it runs without windows)\n")
  }
}
