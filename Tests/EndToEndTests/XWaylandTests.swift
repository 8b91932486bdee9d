import Foundation
import TestSupport
import Testing

/// lyricpip in a Wayland session (weston's headless backend): with XWayland it asks SDL for the
/// X11 driver, so the strip can be kept above, and says `"video":"x11"` in `ready`. Without
/// XWayland the start fails with its reason, as before. Both need the test desktop
/// (scripts/with-services): weston wants its runtime folder, and the second runs inside X.
@Suite(
  .enabled(if: Service.x11.shouldRun),
  .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/weston")),
  .timeLimit(.minutes(5)))
struct XWaylandTests {
  let temporary: TemporaryDirectory

  init() throws {
    temporary = try TemporaryDirectory()
  }

  @Test func withXWaylandTheStripRunsOnSDLsX11Driver() throws {
    let weston = try PrivateWeston()
    let folder = temporary.url
    let audio = try LyricsBusFixtures.toneWithLyrics(folder, seconds: 30)
    let player = try PlayProcess(
      [audio, "--pip"], display: weston.display, folder: folder,
      environment: weston.environment())
    defer { _ = player.terminate() }
    let ready = player.waitForEvent { $0["event"] as? String == "ready" }
    #expect(ready?["video"] as? String == "x11", "\(ready ?? [:]) \(player.stderr)")
    #expect(player.waitForPip("didStart") != nil, "\(player.pipEvents()) \(player.stderr)")
  }

  /// A Wayland session without XWayland (weston as a window on the test's X server, the only
  /// backend under which SDL's Wayland driver starts here): the windowed player does not start
  /// and says why, with exit 69, never a crash or a hang. Which reason depends on the machine:
  /// here SDL finds no renderer for a Wayland window (exit 69, "try --no-window"); with one, the
  /// strip refuses Wayland (`pip failedToStart`, "cannot be kept above").
  @Test func withoutXWaylandTheStartFailsAndSaysWhy() throws {
    let x11 = try #require(ProcessInfo.processInfo.environment["DISPLAY"], "needs an X server")
    let weston = try PrivateWeston(nestedIn: x11)
    let folder = temporary.url
    let audio = try LyricsBusFixtures.toneWithLyrics(folder, seconds: 30)
    let player = try PlayProcess(
      [audio, "--pip"], display: "", folder: folder,
      environment: weston.environment(xwayland: false))
    let refused = player.waitForPip("failedToStart", seconds: 20)
    let ended = player.terminate()
    #expect(!ended.bySignal, "\(player.stderr)")
    if let refused {
      #expect((refused["reason"] as? String)?.contains("Wayland") == true, "\(refused)")
      let ready = player.events().first { $0["event"] as? String == "ready" }
      #expect(ready?["video"] as? String == "wayland", "\(ready ?? [:])")
    } else {
      #expect(ended.status == 69, "\(player.stderr)")
      #expect(player.stderr.contains("--no-window"), "\(player.stderr)")
      #expect(player.pipEvents().isEmpty, "\(player.pipEvents())")
    }
  }
}
