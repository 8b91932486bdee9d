import Foundation
import TestSupport
import Testing

/// `lyricpip play` with its windows, as a person uses it, on a private X server with openbox:
/// another window takes the focus and the strip comes up; the main window takes it back and the
/// strip goes; a double-click on the strip brings the main window to the front.
@Suite(.enabled(if: Service.x11.shouldRun), .timeLimit(.minutes(5)))
struct WindowedPlayTests {
  static let stripName = "^lyricpip lyrics$"
  static let mainName = "lyricpip$"

  /// Waits for the process's window named `name` and returns its id.
  func window(_ desktop: PrivateDesktop, _ player: PlayProcess, named name: String) throws
    -> String
  {
    try #require(
      desktop.window(ofProcess: player.pid, named: name),
      "no window named \(name); stderr: \(player.stderr)")
  }

  func mono(_ event: [String: Any]?) -> Double { event?["mono"] as? Double ?? -1 }

  @Test func focusElsewhereShowsTheStripAndFocusBackRestoresTheMainWindow() throws {
    let desktop = try PrivateDesktop()
    let player = try PlayProcess(
      ["--start", "2.5"], display: desktop.display, folder: try Paths.makeTemporaryDirectory())
    #expect(player.waitForMainFocus(), "the main window never had the focus: \(player.stderr)")
    let main = try window(desktop, player, named: Self.mainName + "|– lyricpip")
    let strip = try window(desktop, player, named: Self.stripName)
    #expect(try !desktop.isMapped(strip), "the strip is up before any focus change")

    // Another program's window takes the focus.
    let other = try PrivateDesktop.launch(
      "/usr/bin/xmessage", ["-name", "other", "hello"], environment: ["DISPLAY": desktop.display])
    defer { PrivateDesktop.kill(other) }
    let otherWindow = try #require(desktop.window(named: "^other$"), "no xmessage window")
    try desktop.run("xdotool", ["windowactivate", "--sync", otherWindow])

    let started = player.waitForPip("didStart", reason: "focus-lost")
    #expect(started != nil, "no pip didStart: \(player.pipEvents()) \(player.stderr)")
    let lost = player.waitForEvent {
      $0["event"] as? String == "main" && $0["state"] as? String == "focus-lost"
    }
    // The grace is kept: a passing focus change must not bring the strip up at once.
    #expect(mono(started) - mono(lost) >= 0.25, "strip up \(mono(started) - mono(lost)) s after")
    #expect(try desktop.isMapped(strip))
    let state = try desktop.windowState(strip)
    #expect(state.contains("_NET_WM_STATE_ABOVE"), "\(state)")
    #expect(state.contains("_NET_WM_STATE_SKIP_TASKBAR"), "\(state)")

    // The main window takes the focus back: the strip goes and the main window is restored.
    try desktop.run("xdotool", ["windowactivate", "--sync", main])
    let stopped = player.waitForPip("didStop", reason: "focus-gained")
    #expect(stopped != nil, "no pip didStop: \(player.pipEvents())")
    #expect(
      player.pipEvents() == [
        "willStart focus-lost", "didStart focus-lost", "willStop focus-gained",
        "restore focus-gained", "didStop focus-gained",
      ])
    let restored = player.events().first {
      $0["event"] as? String == "main" && $0["state"] as? String == "restored"
    }
    // Scrolled to the line on display then (the demo's second line runs from 6.2 s).
    #expect((restored?["line"] as? Int ?? -2) >= 0, "\(String(describing: restored))")
    #expect(
      poll(timeout: 5) { (try? desktop.isMapped(strip)) == false },
      "the strip stayed up")
    #expect(try desktop.activeWindow() == main)
    let end = player.terminate()
    #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
  }

  @Test func doubleClickOnTheStripBringsTheMainWindowToTheFront() throws {
    let desktop = try PrivateDesktop()
    let player = try PlayProcess(
      ["--pip", "--start", "2.5"], display: desktop.display,
      folder: try Paths.makeTemporaryDirectory())
    #expect(player.waitForPip("didStart", reason: "user") != nil, "\(player.stderr)")
    let strip = try window(desktop, player, named: Self.stripName)
    #expect(try desktop.isMapped(strip))
    let geometry = try desktop.geometry(strip)
    let x = String((geometry["WIDTH"] ?? 0) / 2)
    let y = String((geometry["HEIGHT"] ?? 0) / 2)
    // Under a window manager the first click on an unfocused window may only focus it (as
    // openbox does); then the double-click.
    try desktop.run("xdotool", ["mousemove", "--window", strip, x, y, "click", "1"])
    #expect(poll(timeout: 5) { (try? desktop.activeWindow()) == strip })
    // A person's pause: longer than SDL's double-click time (500 ms), else the focusing click
    // and the double-click make a triple click whose last click lands on the desktop.
    usleep(600_000)
    try desktop.run(
      "xdotool",
      ["mousemove", "--window", strip, x, y, "click", "--repeat", "2", "--delay", "80", "1"])
    #expect(player.waitForPip("didStop", reason: "strip") != nil, "\(player.pipEvents())")
    #expect(player.pipEvents().contains("restore strip"))
    let main = try window(desktop, player, named: Self.mainName + "|– lyricpip")
    #expect(
      poll(timeout: 5) { (try? desktop.activeWindow()) == main },
      "active: \(String(describing: try? desktop.activeWindow())), main: \(main)")
    #expect(try desktop.isMapped(main))
    let end = player.terminate()
    #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
  }
}
