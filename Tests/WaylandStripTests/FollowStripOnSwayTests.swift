import Foundation
import TestSupport
import Testing

extension LayerSurfaceSwayTests {
  /// `lyricpip follow` on a Wayland session with no X server at all: `DISPLAY` removed from its
  /// environment, the followed player mpv (with Debian's MPRIS plugin, no sound, no video) on a
  /// bus of the test's own. The strip is the native layer surface alone, with no SDL video.
  /// Nested in `LayerSurfaceSwayTests` for its `.serialized`: the suites read one sway's screen.
  @Suite struct FollowStripOnSwayTests {
    let folder: TemporaryDirectory
    let desktop: PrivateSwayDesktop

    init() throws {
      folder = try TemporaryDirectory()
      desktop = PrivateSwayDesktop(folder: folder)
    }

    static let mpvName = "org.mpris.MediaPlayer2.mpv"

    @Test func followShowsTheNativeStripWithoutAnXServer() throws {
      let output = try desktop.output()
      let empty = try desktop.screenshot()
      let bus = try SwayTestBus(folder: folder.url)
      let song = folder.url.appendingPathComponent("song.flac").path
      try ToneFile.write(to: song, seconds: 30)
      let lines = (0..<29).map { String(format: "[00:%02d.50]Line %d of the song\n", $0, $0) }
      try Data(lines.joined().utf8).write(to: folder.url.appendingPathComponent("song.lrc"))
      var changes: [String: String?] = ["DISPLAY": nil]
      for (name, value) in bus.environment { changes[name] = value }
      let follow = try StripPlayer(
        folder: folder.url, backend: nil, command: ["follow"], changes: changes)
      defer { _ = follow.end() }
      var mpvEnvironment = ProcessInfo.processInfo.environment.merging(bus.environment) { $1 }
      mpvEnvironment["DISPLAY"] = nil
      let mpv = try RunningWindow.launch(
        "/usr/bin/mpv",
        [
          "--no-config", "--script=/etc/mpv/scripts/mpris.so", "--ao=null", "--vo=null",
          "--really-quiet", song,
        ], environment: mpvEnvironment, log: folder.url.appendingPathComponent("mpv.log"))
      try #require(bus.waitForName(Self.mpvName), "mpv never came on the bus")

      let ready = try #require(follow.event(named: "ready"), "\(follow.stderr)")
      #expect(ready["strip"] as? String == "layer-shell", "\(ready)")
      // No SDL video: the native strip needs none.
      #expect(ready["video"] as? String == "none", "\(ready)")
      #expect(
        follow.event(named: "strip") { $0["state"] as? String == "shown" } != nil,
        "\(follow.allEvents()) \(follow.stderr)")
      // The lines are light letters on the strip's dark box, at the bottom centre.
      let shown = poll(timeout: 15) {
        guard let shot = try? desktop.screenshot() else { return false }
        return LayerSurfaceSwayTests.PlayStripOnSwayTests.brightPixels(
          in: shot, x: output.width / 4, y: output.height * 2 / 3, width: output.width / 2,
          height: output.height / 3) > 500
      }
      #expect(shown, "no text at the bottom centre; \(follow.stderr)")
      let shot = try desktop.screenshot()
      let strip = try #require(
        LayerSurfaceSwayTests.PlayStripOnSwayTests.extent(
          in: shot, apartFrom: empty.colour(x: 0, y: 0)))
      let right = output.width - (strip.x + strip.width)
      #expect(abs(strip.x - right) <= 2, "\(strip)")
      #expect(strip.y > output.height / 2 && strip.y + strip.height < output.height, "\(strip)")
      // A layer surface, no window: sway's tree has none of the follower's.
      let windows = try desktop.windows()
      #expect(!windows.contains { $0["pid"] as? Int == Int(follow.pid) }, "\(windows)")
      // The lock shortcut is the compositor's to bind: said once, with sway's line.
      #expect(
        follow.stderr.components(separatedBy: "bindsym Ctrl+Alt+l exec lyricpip ctl toggle-lock")
          .count == 2,
        "\(follow.stderr)")
      _ = mpv
      let end = follow.end()
      #expect(end.status == 0 && !end.bySignal, "\(follow.stderr)")
    }
  }
}

extension RunningWindow {
  /// Starts `path` (a player with no window here), its output in `log`; killed by its process
  /// id when the value goes, as the test's windows are.
  static func launch(
    _ path: String, _ arguments: [String], environment: [String: String], log: URL
  ) throws -> RunningWindow {
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = environment
    process.standardOutput = try FileHandle(forWritingTo: log)
    process.standardError = process.standardOutput
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    return RunningWindow(process: process, exited: exited, log: log)
  }
}
