import Foundation
import TestSupport
import Testing

/// lyricpip in a Wayland session (weston's headless backend): with XWayland it asks SDL for the
/// X11 driver, so the strip can be kept above, and says `"video":"x11"` in `ready`. Without
/// XWayland the strip's start should fail with its reason, as before (not reachable here, below).
@Suite(
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

  /// Not run: SDL 2.26.5's own Wayland driver crashes inside SDL_Init (a NULL dereference, at
  /// address 0x100) under weston's headless backend, which offers no seat; a ten-line C program
  /// that only calls SDL_Init(SDL_INIT_VIDEO) crashes the same way, so the path before any
  /// lyricpip code cannot be reached here.
  @Test(
    .disabled("SDL 2.26.5's Wayland driver crashes in SDL_Init under weston --backend=headless"))
  func withoutXWaylandTheStripFailsToStartAndSaysWhy() throws {
    let weston = try PrivateWeston()
    let folder = temporary.url
    let audio = try LyricsBusFixtures.toneWithLyrics(folder, seconds: 30)
    let player = try PlayProcess(
      [audio, "--pip"], display: "", folder: folder,
      environment: weston.environment(xwayland: false))
    defer { _ = player.terminate() }
    let failed = player.waitForPip("failedToStart")
    #expect(
      (failed?["reason"] as? String)?.contains("Wayland") == true,
      "\(player.pipEvents()) \(player.stderr)")
    let ready = player.waitForEvent { $0["event"] as? String == "ready" }
    #expect(ready?["video"] as? String == "wayland", "\(ready ?? [:]) \(player.stderr)")
  }
}
