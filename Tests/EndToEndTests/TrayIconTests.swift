import Foundation
import TestSupport
import Testing

/// The tray icon against a small panel (Fixtures/tray/panel-host.py, a StatusNotifierWatcher
/// and host over python3-dbus) on a private session bus: the panel starts after the player,
/// gets the item registered, reads its properties and menu, and presses "Lock" and "Pause" as
/// a user would; the player's state moves and the menu follows it.
@Suite(.enabled(if: Service.x11.shouldRun && Service.dbus.shouldRun), .timeLimit(.minutes(5)))
struct TrayIconTests {
  /// This test's own folder, removed when it ends.
  let temporary: TemporaryDirectory

  init() throws {
    temporary = try TemporaryDirectory()
  }

  static let host = Paths.fixtures.appendingPathComponent("tray/panel-host.py").path

  /// The host's steps, one JSON object each.
  func steps(_ output: String) -> [[String: Any]] {
    output.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  func label(_ id: Int, in layout: [String: Any]) -> [String: Any]? {
    (layout["items"] as? [[String: Any]])?.first { $0["id"] as? Int == id }
  }

  @Test func aPanelThatComesLaterGetsTheItemAndPressesLockAndPause() throws {
    let strip = try StripOnDesktop(folder: temporary.url)
    let bus = strip.bus
    let player = try strip.launch()
    defer { _ = player.terminate() }

    let panel = try ProcessRunner.run(
      "/usr/bin/python3", [Self.host, "Lock", "Pause"], environment: bus.environment,
      timeout: 60)
    #expect(panel.status == 0, "\(panel.stdout)\n\(panel.stderr)")
    let steps = steps(panel.stdout)
    let item =
      try #require(steps.first { $0["step"] as? String == "item" }?["properties"])
      as? [String: Any]
    #expect(item?["IconName"] as? String == "lyricpip")
    #expect(item?["Category"] as? String == "ApplicationStatus")
    #expect(item?["Id"] as? String == "lyricpip")
    #expect(item?["Menu"] as? String == "/MenuBar")
    #expect(item?["ItemIsMenu"] as? Bool == false)
    #expect(item?["Status"] as? String == "Active")
    let menu = steps.first { $0["step"] as? String == "menu" }?["properties"] as? [String: Any]
    #expect(menu?["Version"] as? Int == 3)
    #expect(menu?["TextDirection"] as? String == "ltr")

    let layouts = steps.filter { $0["step"] as? String == "layout" }
    try #require(layouts.count == 3, "\(panel.stdout)")
    let labels = (layouts[0]["items"] as? [[String: Any]] ?? []).compactMap {
      $0["label"] as? String
    }
    #expect(
      labels == [
        "Hide the lyrics strip", "Lock the lyrics strip", "Pause", "Next", "Previous",
        "Open the main window", "Quit",
      ])
    #expect(label(2, in: layouts[0])?["toggle-state"] as? Int == 0)
    // After "Lock": the strip is locked, and the menu says so (a LayoutUpdated came).
    #expect(layouts[1]["updated"] as? Bool == true)
    #expect(label(2, in: layouts[1])?["toggle-state"] as? Int == 1)
    #expect(
      try bus.property("Locked", of: MPRIS.plainName, interface: "org.lyricpip.Lyrics1")
        == "b true")
    #expect(
      player.waitForEvent {
        $0["event"] as? String == "strip" && $0["state"] as? String == "locked"
      }
        != nil)
    // After "Pause": paused, and the entry now offers to play.
    #expect(layouts[2]["updated"] as? Bool == true)
    #expect(label(4, in: layouts[2])?["label"] as? String == "Play")
    #expect(
      player.waitForEvent {
        $0["event"] as? String == "state" && $0["state"] as? String == "paused"
      }
        != nil)
    #expect(try bus.property("PlaybackStatus", of: MPRIS.plainName) == "s \"Paused\"")
  }

  @Test func withoutAPanelThereIsNoIconAndNothingIsSaid() throws {
    let strip = try StripOnDesktop(folder: temporary.url)
    let bus = strip.bus
    let player = try strip.launch()
    defer { _ = player.terminate() }
    // The item is published all the same, and MPRIS answers.
    let icon = try bus.run(
      "busctl",
      [
        "--user", "get-property", MPRIS.plainName, "/StatusNotifierItem",
        "org.kde.StatusNotifierItem", "IconName",
      ])
    #expect(icon.stdout == "s \"lyricpip\"\n", "\(icon.stderr)")
    let status = try bus.property("PlaybackStatus", of: MPRIS.plainName)
    #expect(status == "s \"Playing\"")
    #expect(!player.stderr.contains("StatusNotifier"), "\(player.stderr)")
    #expect(!player.stderr.contains("tray"), "\(player.stderr)")
  }
}
