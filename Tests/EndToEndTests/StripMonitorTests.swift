import Foundation
import TestSupport
import Testing

/// Two monitors made in Xvfb: one 2560×1080 screen split with `xrandr --setmonitor` into `left`
/// and `right` (RandR 1.5 monitors; SDL 2.26 sees only the one output, so the strip reads the
/// monitors through RandR itself). The strip opens at the bottom centre of the main window's
/// monitor, moves onto the other when its monitor is removed while it runs, can be dragged across,
/// and is saved with the monitor it was on; the scale follows `Xft.dpi`.
@Suite(.enabled(if: Service.x11.shouldRun && Service.dbus.shouldRun), .timeLimit(.minutes(5)))
struct StripMonitorTests {
  let temporary: TemporaryDirectory

  init() throws {
    temporary = try TemporaryDirectory()
  }

  /// A desktop of two 1280×1080 monitors side by side, for a player with files in `folder`.
  static func twoMonitors(_ folder: URL) throws -> StripOnDesktop {
    let scene = try StripOnDesktop(folder: folder, screen: "2560x1080")
    let desktop = scene.desktop
    try desktop.run("xrandr", ["--setmonitor", "left", "1280/340x1080/280+0+0", "screen"])
    try desktop.run("xrandr", ["--setmonitor", "right", "1280/340x1080/280+1280+0", "none"])
    let listed = try desktop.run("xrandr", ["--listmonitors"]).stdout
    try #require(listed.contains("Monitors: 2"), "\(listed)")
    return scene
  }

  /// A saved state with the main window on the right monitor (and, when given, the strip).
  static func savedState(in folder: URL, strip: String? = nil) throws {
    let state = folder.appendingPathComponent("state/lyricpip")
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    let text = """
      {"format": "lyricpip-state", "version": 1, "trackOffsetsMs": {},
       "mainWindow": {"x": 1500, "y": 100, "width": 800, "height": 600}\(strip.map { ", " + $0 } ?? "")}
      """
    try Data(text.utf8).write(to: state.appendingPathComponent("state.json"))
  }

  static func frame(_ window: String, on desktop: PrivateDesktop) -> [Int] {
    let values = (try? desktop.geometry(window)) ?? [:]
    return ["X", "Y", "WIDTH", "HEIGHT"].map { values[$0] ?? -1 }
  }

  /// The player started with `--pip` on `scene`, and its strip's window.
  static func startStrip(_ scene: StripOnDesktop) throws -> (PlayProcess, String) {
    let player = try scene.launch()
    let strip = try #require(
      scene.desktop.window(ofProcess: player.pid, named: "lyricpip lyrics"))
    return (player, strip)
  }

  @Test func theStripOpensOnTheMainWindowsMonitorAndSurvivesItsRemoval() throws {
    let scene = try Self.twoMonitors(temporary.url)
    let desktop = scene.desktop
    let folder = scene.folder
    try Self.savedState(in: folder)
    let (player, strip) = try Self.startStrip(scene)
    defer { _ = player.terminate() }
    // Half the monitor's width (640, aspect 5:1), at the bottom centre of the right monitor,
    // 1080 / 20 px above its bottom edge.
    #expect(
      poll(timeout: 10) { Self.frame(strip, on: desktop) == [1600, 898, 640, 128] },
      "\(Self.frame(strip, on: desktop))")

    // The right monitor goes while the strip is on it: the strip moves onto the left one.
    try desktop.run("xrandr", ["--delmonitor", "right"])
    #expect(
      poll(timeout: 10) { Self.frame(strip, on: desktop) == [320, 898, 640, 128] },
      "\(Self.frame(strip, on: desktop))")

    // It comes back; a drag takes the strip across onto it.
    try desktop.run("xrandr", ["--setmonitor", "right", "1280/340x1080/280+1280+0", "none"])
    let start = (x: 640, y: 898 + 64)
    try desktop.run("xdotool", ["mousemove", String(start.x), String(start.y)])
    try desktop.run("xdotool", ["mousedown", "1"])
    // A person's drag: the pointer moves in steps while the button is held.
    for step in 1...10 {
      usleep(30_000)
      try desktop.run("xdotool", ["mousemove", String(start.x + 128 * step), String(start.y)])
    }
    try desktop.run("xdotool", ["mouseup", "1"])
    #expect(
      poll(timeout: 10) { Self.frame(strip, on: desktop).first.map { $0 >= 1280 } == true },
      "\(Self.frame(strip, on: desktop))")
    #expect(player.terminate().status == 0)
    let state = PrivateBus.text(
      of: folder.appendingPathComponent("state/lyricpip/state.json").path)
    #expect(state.contains("\"stripMonitor\""), "\(state)")
    #expect(state.contains("\"name\" : \"right\""), "\(state)")
  }

  /// A strip saved on a monitor that is not there at start opens on the main window's monitor;
  /// one saved on a monitor that is there goes back to its place.
  @Test func aSavedStripGoesBackToItsMonitorOnlyWhileItIsThere() throws {
    let scene = try Self.twoMonitors(temporary.url)
    let desktop = scene.desktop
    let folder = scene.folder
    try Self.savedState(
      in: folder,
      strip: """
        "strip": {"x": 3000, "y": 200, "width": 500, "height": 100},
        "stripMonitor": {"name": "HDMI-9", "x": 2560, "y": 0, "width": 1920, "height": 1080}
        """)
    do {
      let (player, strip) = try Self.startStrip(scene)
      // Its width kept, at the bottom centre of the right monitor (the main window's).
      #expect(
        poll(timeout: 10) { Self.frame(strip, on: desktop) == [1670, 926, 500, 100] },
        "\(Self.frame(strip, on: desktop))")
      _ = player.terminate()
    }
    try Self.savedState(
      in: folder,
      strip: """
        "strip": {"x": 100, "y": 200, "width": 500, "height": 100},
        "stripMonitor": {"name": "left", "x": 0, "y": 0, "width": 1280, "height": 1080}
        """)
    let (player, strip) = try Self.startStrip(scene)
    defer { _ = player.terminate() }
    #expect(
      poll(timeout: 10) { Self.frame(strip, on: desktop) == [100, 200, 500, 100] },
      "\(Self.frame(strip, on: desktop))")
  }

  /// `Xft.dpi: 192` (a desktop at scale 2): the strip is made twice the size it would be at 96
  /// dpi where the monitor allows: 960 px, not 640, on a 1280 px monitor, and so is its text.
  @Test func theStripScalesWithXftDPI() throws {
    let scene = try Self.twoMonitors(temporary.url)
    let desktop = scene.desktop
    let folder = scene.folder
    try Self.savedState(in: folder)
    let resources = folder.appendingPathComponent("resources").path
    try Data("Xft.dpi: 192\n".utf8).write(to: URL(fileURLWithPath: resources))
    try desktop.run("xrdb", ["-merge", resources])
    let (player, strip) = try Self.startStrip(scene)
    defer { _ = player.terminate() }
    #expect(
      poll(timeout: 10) { Self.frame(strip, on: desktop) == [1440, 834, 960, 192] },
      "\(Self.frame(strip, on: desktop))")
  }
}
