import Foundation
import TestSupport
import Testing

extension LayerSurfaceSwayTests {
  /// `lyricpip play` on the private sway with `DISPLAY` removed from its environment: SDL finds
  /// no X server and its own Wayland driver has no software renderer, so there is no main
  /// window. With `--pip` the native strip goes on alone and says so once; without, exit 69.
  /// Nested in `LayerSurfaceSwayTests` for its `.serialized`: the suites read one sway's screen.
  @Suite
  struct PlayWithoutXOnSwayTests {
    let folder: TemporaryDirectory
    let desktop: PrivateSwayDesktop

    init() throws {
      folder = try TemporaryDirectory()
      desktop = PrivateSwayDesktop(folder: folder)
    }

    static let unavailable = "the main window is unavailable"

    @Test func pipKeepsTheNativeStripAndSaysTheMainWindowIsUnavailable() throws {
      let output = try desktop.output()
      let player = try StripPlayer(folder: folder.url, backend: nil, changes: ["DISPLAY": nil])
      defer { _ = player.end() }
      let ready = try #require(player.event(named: "ready"), "\(player.stderr)")
      #expect(ready["strip"] as? String == "layer-shell", "\(ready)")
      #expect(ready["video"] as? String == "none", "\(ready)")
      #expect(
        player.event(named: "strip") { $0["state"] as? String == "shown" } != nil,
        "\(player.allEvents()) \(player.stderr)")
      let shown = poll(timeout: 15) {
        guard let shot = try? desktop.screenshot() else { return false }
        return LayerSurfaceSwayTests.PlayStripOnSwayTests.brightPixels(
          in: shot, x: output.width / 4, y: output.height * 2 / 3, width: output.width / 2,
          height: output.height / 3) > 500
      }
      #expect(shown, "no text at the bottom centre; \(player.stderr)")
      // Said once, and no window of the player on sway.
      let said = player.stderr.components(separatedBy: Self.unavailable).count - 1
      #expect(said == 1, "\(player.stderr)")
      let windows = try desktop.windows()
      #expect(!windows.contains { $0["pid"] as? Int == Int(player.pid) }, "\(windows)")
      let end = player.end()
      #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
    }

    @Test func withoutPipTheRunExits69() throws {
      let player = try StripPlayer(
        folder: folder.url, backend: nil,
        command: [
          "play", "--audio", "null", "--lyrics",
          Paths.packageRoot.appendingPathComponent("Lyrics/demo.lrc").path,
          Paths.packageRoot.appendingPathComponent("Assets/demo.ogg").path,
        ], changes: ["DISPLAY": nil])
      let exited = poll(timeout: 20) { !player.process.isRunning }
      let end = player.end()
      #expect(exited, "still running: \(player.stderr)")
      #expect(end.status == 69 && !end.bySignal, "\(player.stderr)")
      #expect(player.stderr.contains("cannot open the windows"), "\(player.stderr)")
      #expect(player.stderr.contains("--no-window"), "\(player.stderr)")
      #expect(!player.stderr.contains(Self.unavailable), "\(player.stderr)")
    }
  }
}
