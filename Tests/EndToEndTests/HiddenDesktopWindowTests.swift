import Foundation
import TestSupport
import Testing

/// The windows while the window manager keeps the main window unmapped: the user switched to
/// another desktop (openbox then reports the main window minimised, and maps no window of the
/// player there on request). The strip must come up on the desktop in view, going back must
/// bring the main window, and the player must still answer SIGTERM.
@Suite(.tags(.realTime), .enabled(if: Service.x11.shouldRun), .timeLimit(.minutes(2)))
struct HiddenDesktopWindowTests {
  static let stripName = "^lyricpip lyrics$"
  static let mainName = "lyricpip$|– lyricpip"

  @Test func anotherDesktopShowsTheStripThereAndSIGTERMStillQuits() throws {
    let desktop = try PrivateDesktop()
    let player = try PlayProcess(
      ["--start", "2.5"], display: desktop.display, folder: try Paths.makeTemporaryDirectory())
    #expect(player.waitForMainFocus(), "the main window never had the focus: \(player.stderr)")
    let strip = try #require(
      desktop.window(ofProcess: player.pid, named: Self.stripName), "\(player.stderr)")
    let main = try #require(
      desktop.window(ofProcess: player.pid, named: Self.mainName), "\(player.stderr)")

    // The user goes to the second desktop: the main window stays behind, unmapped.
    try desktop.run("xdotool", ["set_desktop", "1"])
    let started = player.waitForPip("didStart", seconds: 10)
    #expect(started != nil, "no pip didStart: \(player.pipEvents()) \(player.stderr)")
    #expect(
      poll(timeout: 5) { (try? desktop.isMapped(strip)) == true },
      "the strip is not up on the desktop in view: \((try? desktop.windowState(strip)) ?? "?")")

    // A double-click on the strip goes back: the main window comes (openbox goes to its
    // desktop) and the strip goes.
    let geometry = try desktop.geometry(strip)
    let x = String((geometry["WIDTH"] ?? 0) / 2)
    let y = String((geometry["HEIGHT"] ?? 0) / 2)
    try desktop.run("xdotool", ["mousemove", "--window", strip, x, y, "click", "1"])
    usleep(600_000)  // longer than SDL's double-click time (see WindowedPlayTests)
    try desktop.run(
      "xdotool",
      ["mousemove", "--window", strip, x, y, "click", "--repeat", "2", "--delay", "80", "1"])
    #expect(player.waitForPip("didStop", seconds: 10) != nil, "\(player.pipEvents())")
    #expect(
      poll(timeout: 5) { (try? desktop.isMapped(main)) == true },
      "the main window did not come back: \((try? desktop.windowState(main)) ?? "?")")
    #expect(poll(timeout: 5) { (try? desktop.activeWindow()) == main })

    // Away again, and SIGTERM: the player ends within 3 s, its state saved.
    try desktop.run("xdotool", ["set_desktop", "0"])
    try desktop.run("xdotool", ["set_desktop", "1"])
    _ = poll(timeout: 5) { player.pipEvents().filter { $0.hasPrefix("didStart") }.count >= 2 }
    let asked = Date()
    player.process.terminate()
    let ended = poll(timeout: 3) { !player.process.isRunning }
    #expect(ended, "SIGTERM was not answered within 3 s: \(player.pipEvents())")
    let end = player.terminate()
    #expect(Date().timeIntervalSince(asked) < 3.5)
    #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
    let state = player.folder.appendingPathComponent("state/lyricpip/state.json").path
    #expect(FileManager.default.fileExists(atPath: state), "no saved state")
  }
}
