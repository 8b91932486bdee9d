import Foundation
import TestSupport
import Testing

/// One player on the desktop: a second windowed `lyricpip play FILE` hands its file to the one
/// that runs (MPRIS OpenUri, then Raise) and exits at once; the first plays it.
@Suite(.enabled(if: Service.x11.shouldRun && Service.dbus.shouldRun), .timeLimit(.minutes(5)))
struct SingleInstanceTests {
  func tone(_ folder: URL, _ name: String, frequency: Int) throws -> String {
    let path = folder.appendingPathComponent(name).path
    try ToneFile.write(to: path, seconds: 20, frequency: frequency)
    return path
  }

  /// A second lyricpip launched as from the desktop (same display and bus, settings and state
  /// of its own), run to its end.
  func launchAnother(
    _ arguments: [String], desktop: PrivateDesktop, bus: PrivateBus, folder: URL
  ) throws -> ProcessResult {
    try ProcessRunner.run(
      Paths.lyricpipBinary, arguments,
      environment: bus.environment.merging([
        "DISPLAY": desktop.display,
        "XDG_CONFIG_HOME": folder.appendingPathComponent("config2").path,
        "XDG_STATE_HOME": folder.appendingPathComponent("state2").path,
      ]) { $1 }, timeout: 30)
  }

  @Test func secondLaunchHandsItsFileToTheFirstAndExits() throws {
    let desktop = try PrivateDesktop()
    let bus = try PrivateBus()
    let folder = try Paths.makeTemporaryDirectory()
    let first = try PlayProcess(
      [try tone(folder, "first.wav", frequency: 440)], display: desktop.display, folder: folder,
      environment: bus.environment)
    defer { _ = first.terminate() }
    try #require(
      first.waitForMainFocus(), "the first player's window never came up: \(first.stderr)")
    try #require(bus.waitForName(MPRIS.plainName), "no \(MPRIS.plainName): \(first.stderr)")
    #expect(try bus.property("CanRaise", of: MPRIS.plainName, interface: MPRIS.root) == "b true")
    // The main window carries the WM_CLASS the desktop entry names (StartupWMClass).
    let main = try #require(
      desktop.window(ofProcess: first.pid, named: "lyricpip$"), "no main window")
    #expect(try desktop.run("xprop", ["-id", main, "WM_CLASS"]).stdout.contains("\"lyricpip\""))

    // A user opens another file from the file manager: a second lyricpip, with windows.
    let second = try tone(folder, "second.wav", frequency: 660)
    let launched = try launchAnother(
      ["play", second, "--audio", "null"], desktop: desktop, bus: bus, folder: folder)
    #expect(launched.status == 0, "\(launched.stderr)")
    #expect(launched.stderr == "lyricpip: already running; handed it 1 file\n")

    let ready = first.waitForEvent {
      $0["event"] as? String == "ready" && $0["track"] as? String == second
    }
    #expect(ready != nil, "the first player never took the file: \(first.events())")
    let raised = first.waitForEvent {
      $0["event"] as? String == "main" && $0["state"] as? String == "raised"
    }
    #expect(raised != nil, "the first player's window was not raised: \(first.events())")
    #expect(try bus.property("Metadata", of: MPRIS.plainName).contains("second.wav"))
    #expect(try bus.property("PlaybackStatus", of: MPRIS.plainName) == "s \"Playing\"")
  }

  @Test func aLaunchWithoutFilesBringsTheMainWindowBackFromTheStrip() throws {
    let desktop = try PrivateDesktop()
    let bus = try PrivateBus()
    let folder = try Paths.makeTemporaryDirectory()
    let demo = Paths.packageRoot.appendingPathComponent("Assets/demo.ogg").path
    let lyrics = Paths.packageRoot.appendingPathComponent("Lyrics/demo.lrc").path
    let first = try PlayProcess(
      [demo, "--lyrics", lyrics, "--pip", "--start", "2"], display: desktop.display,
      folder: folder, environment: bus.environment)
    defer { _ = first.terminate() }
    try #require(
      first.waitForPip("didStart") != nil, "the strip never came up: \(first.stderr)")
    try #require(bus.waitForName(MPRIS.plainName), "no \(MPRIS.plainName): \(first.stderr)")

    let launched = try launchAnother(
      ["--audio", "null"], desktop: desktop, bus: bus, folder: folder)
    #expect(launched.status == 0, "\(launched.stderr)")
    #expect(launched.stderr == "lyricpip: already running; brought its window forward\n")

    #expect(first.waitForPip("didStop") != nil, "the strip stayed: \(first.pipEvents())")
    #expect(first.pipEvents().contains { $0.hasPrefix("restore") }, "\(first.pipEvents())")
    var main: [String] = []
    let mapped = poll(timeout: 10) {
      main = (try? desktop.windows(ofProcess: first.pid, named: "lyricpip$|– lyricpip")) ?? []
      return main.contains { (try? desktop.isMapped($0)) == true }
    }
    #expect(mapped, "the main window is not on screen: \(first.events())")
    // Still the first track: nothing was handed over.
    let ready = first.events().filter { $0["event"] as? String == "ready" }
    #expect(ready.count == 1, "\(ready)")
  }
}
