import Foundation
import TestSupport
import Testing

/// `lyricpip ctl` against a windowed player: lock, unlock and toggle reach the strip's state
/// (Lyrics1's `Locked`, a `strip` event) and are saved; hide and show take the strip down and up.
@Suite(.enabled(if: Service.x11.shouldRun && Service.dbus.shouldRun), .timeLimit(.minutes(5)))
struct StripControlBusTests {
  /// This test's own folder, removed when it ends.
  let temporary: TemporaryDirectory

  init() throws {
    temporary = try TemporaryDirectory()
  }

  func locked(_ bus: PrivateBus) throws -> String {
    try bus.property("Locked", of: MPRIS.plainName, interface: "org.lyricpip.Lyrics1")
  }

  /// The `strip` events of the lock (the strip's shown and hidden events are not these tests').
  func stripEvents(_ player: PlayProcess) -> [String] {
    player.events().filter { $0["event"] as? String == "strip" }.compactMap {
      $0["state"] as? String
    }.filter { $0 == "locked" || $0 == "unlocked" }
  }

  @Test func ctlLocksUnlocksHidesAndShowsTheStrip() throws {
    let strip = try StripOnDesktop(folder: temporary.url)
    let bus = strip.bus
    let player = try strip.launch()
    defer { _ = player.terminate() }
    #expect(try locked(bus) == "b false")

    #expect(try LyricsBusFixtures.lyricpip(["ctl", "lock"], bus: bus).status == 0)
    #expect(try locked(bus) == "b true")
    #expect(poll(timeout: 10) { stripEvents(player) == ["locked"] }, "\(stripEvents(player))")
    // Locking a locked strip changes nothing.
    #expect(try LyricsBusFixtures.lyricpip(["ctl", "lock"], bus: bus).status == 0)
    #expect(try LyricsBusFixtures.lyricpip(["ctl", "toggle-lock"], bus: bus).status == 0)
    #expect(try locked(bus) == "b false")
    #expect(
      poll(timeout: 10) { stripEvents(player) == ["locked", "unlocked"] }, "\(stripEvents(player))")

    #expect(try LyricsBusFixtures.lyricpip(["ctl", "hide"], bus: bus).status == 0)
    #expect(player.waitForPip("didStop", reason: "user") != nil, "\(player.pipEvents())")
    #expect(try LyricsBusFixtures.lyricpip(["ctl", "show"], bus: bus).status == 0)
    #expect(
      poll(timeout: 10) { player.pipEvents().filter { $0 == "didStart user" }.count == 2 },
      "\(player.pipEvents())")
  }

  @Test func theLockIsSavedAndTheSettingOverridesIt() throws {
    let strip = try StripOnDesktop(folder: temporary.url)
    let bus = strip.bus
    do {
      let player = try strip.launch()
      #expect(try LyricsBusFixtures.lyricpip(["ctl", "lock"], bus: bus).status == 0)
      #expect(poll(timeout: 10) { stripEvents(player) == ["locked"] })
      #expect(player.terminate().status == 0)
    }
    let state = PrivateBus.text(
      of: strip.folder.appendingPathComponent("state/lyricpip/state.json").path)
    #expect(
      state.contains("\"stripLocked\":true") || state.contains("\"stripLocked\" : true"), "\(state)"
    )

    // The next start is locked, as the user left it.
    do {
      let player = try strip.launch()
      #expect(try locked(bus) == "b true")
      _ = player.terminate()
    }
    // A settings file that says `locked = no` decides.
    let config = strip.folder.appendingPathComponent("config/lyricpip")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try Data("locked = no\n".utf8).write(to: config.appendingPathComponent("config"))
    let player = try strip.launch()
    defer { _ = player.terminate() }
    #expect(try locked(bus) == "b false")
  }
}
