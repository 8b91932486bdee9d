import Foundation
import TestSupport
import Testing

/// The volume as a person changes it: keys and the wheel over the main window's volume control
/// (xdotool), MPRIS's Volume (busctl), one volume for all of them, signalled on the bus, and kept
/// across a restart.
@Suite(.enabled(if: Service.x11.shouldRun && Service.dbus.shouldRun), .timeLimit(.minutes(5)))
struct VolumeControlTests {
  /// This test's own folder, removed when it ends.
  let temporary: TemporaryDirectory

  init() throws {
    temporary = try TemporaryDirectory()
  }

  func volume(_ bus: PrivateBus) throws -> String {
    try bus.property("Volume", of: MPRIS.plainName)
  }

  func start(_ audio: String, desktop: PrivateDesktop, bus: PrivateBus) throws -> PlayProcess {
    let player = try PlayProcess(
      [audio], display: desktop.display, folder: temporary.url, environment: bus.environment)
    try #require(player.waitForMainFocus(), "the main window never had the focus: \(player.stderr)")
    try #require(bus.waitForName(MPRIS.plainName), "\(player.stderr)")
    return player
  }

  /// The main window: xdotool's name search also finds the strip ("lyricpip lyrics"), whose
  /// place a pointer must not be sent to while it is hidden.
  func mainWindow(of player: PlayProcess, on desktop: PrivateDesktop) -> String? {
    var found: String?
    _ = poll(timeout: 10) {
      let windows = (try? desktop.windows(ofProcess: player.pid, named: "lyricpip")) ?? []
      found = windows.first { window in
        let name = (try? desktop.run("xdotool", ["getwindowname", window]).stdout) ?? ""
        let title = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return title == "lyricpip" || title.hasSuffix("– lyricpip")
      }
      return found != nil
    }
    return found
  }

  @Test func keysTheWheelAndMPRISShareOneVolumeThatIsKept() throws {
    let desktop = try PrivateDesktop()
    let bus = try PrivateBus()
    let folder = temporary.url
    let audio = try LyricsBusFixtures.toneWithLyrics(folder, seconds: 60)
    do {
      let player = try start(audio, desktop: desktop, bus: bus)
      defer { _ = player.terminate() }
      let signals = folder.appendingPathComponent("signals.txt").path
      let monitor = try bus.monitor(MPRIS.plainName, into: signals)
      defer { PrivateDesktop.kill(monitor) }
      #expect(try volume(bus) == "d 1")

      // 9 turns it down by 5 points, twice; the bus hears of each change.
      try desktop.run("xdotool", ["key", "9"])
      try desktop.run("xdotool", ["key", "9"])
      #expect(poll(timeout: 10) { (try? volume(bus)) == "d 0.9" }, "\((try? volume(bus)) ?? "?")")
      #expect(
        poll(timeout: 10) { PrivateBus.text(of: signals).contains("{'Volume': <0.9") },
        "no PropertiesChanged for Volume: \(PrivateBus.text(of: signals))")

      // The wheel away from the user over the volume control (bottom left): 5 points up.
      let window = try #require(mainWindow(of: player, on: desktop), "no main window")
      let size = try desktop.geometry(window)
      let (width, height) = (size["WIDTH"] ?? 0, size["HEIGHT"] ?? 0)
      let margin = max(12, width / 40)
      let side = max(32, min(56, height / 12))
      try desktop.run(
        "xdotool",
        ["mousemove", "--window", window, "\(margin + 4)", "\(height - margin - side / 2)"])
      try desktop.run("xdotool", ["click", "4"])
      #expect(poll(timeout: 10) { (try? volume(bus)) == "d 0.95" }, "\((try? volume(bus)) ?? "?")")

      // MPRIS sets the same volume the keys then move on from.
      try bus.run(
        "busctl",
        ["--user", "set-property", MPRIS.plainName, MPRIS.path, MPRIS.player, "Volume", "d", "0.5"])
      #expect(poll(timeout: 10) { (try? volume(bus)) == "d 0.5" })
      try desktop.run("xdotool", ["key", "0"])
      #expect(poll(timeout: 10) { (try? volume(bus)) == "d 0.55" }, "\((try? volume(bus)) ?? "?")")
      #expect(player.terminate().status == 0)
    }
    let state = PrivateBus.text(
      of: folder.appendingPathComponent("state/lyricpip/state.json").path)
    #expect(state.contains("\"volume\":0.55") || state.contains("\"volume\" : 0.55"), "\(state)")

    // The next start plays at the volume the person left.
    let player = try start(audio, desktop: desktop, bus: bus)
    defer { _ = player.terminate() }
    #expect(try volume(bus) == "d 0.55")
  }
}
