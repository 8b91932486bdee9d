import Foundation
import TestSupport
import Testing

/// The XWayland fallback: `lyricpip play --pip` with the X11 strip (`LYRICPIP_STRIP_BACKEND=x11`)
/// on sway's XWayland (`scripts/with-sway --xwayland`: `DISPLAY` is XWayland), the windows
/// X11 windows under a Wayland compositor as on GNOME or KDE with XWayland. sway floats the
/// strip (a utility window) above its tiled windows; these tests look at it through sway's
/// tree, its screenshots and its pointer.
///
/// The X11 strip's in-process display tests (SurfaceTests' `DisplayTests`) cannot run here:
/// they ask openbox's answers of the window manager (`_NET_WM_STATE_ABOVE`, frame extents, a
/// 1920×1080 screen, `xdotool windowmove --sync` and `windowactivate --sync`, which wait for
/// ever on sway), docs/testing.md.
@Suite(
  .tags(.xwayland), .serialized,
  .enabled(if: Service.xwayland.shouldRun && Service.pulse.shouldRun))
struct X11StripOnXWaylandTests {
  let folder: TemporaryDirectory
  let desktop: PrivateSwayDesktop

  init() throws {
    folder = try TemporaryDirectory()
    desktop = PrivateSwayDesktop(folder: folder)
  }

  /// The strip's window in sway's tree once it is there: a floating XWayland view of the
  /// player's process.
  func stripNode(of player: StripPlayer) -> [String: Any]? {
    var found: [String: Any]?
    _ = poll(timeout: 20) {
      found = (try? desktop.treeNodes())?.first {
        $0["pid"] as? Int == Int(player.pid) && $0["shell"] as? String == "xwayland"
          && $0["type"] as? String == "floating_con" && ($0["visible"] as? Bool ?? false)
      }
      return found != nil
    }
    return found
  }

  static func rect(_ node: [String: Any]) -> (x: Int, y: Int, width: Int, height: Int)? {
    guard let rect = node["rect"] as? [String: Int], let x = rect["x"], let y = rect["y"],
      let width = rect["width"], let height = rect["height"]
    else { return nil }
    return (x, y, width, height)
  }

  /// The strip comes (`pip` `didStart`; `ready` says `x11` for the strip and SDL's video) as a
  /// floating window (a utility window: sway floats it over its tiled windows, as the strip
  /// must never be tiled), centred across the output, and sway shows its letters. Not held
  /// here, since sway decides them and the native strip is what lyricpip takes on sway: the
  /// place (sway centres a new floating X11 window on the output, whatever it asked for) and
  /// the focus (sway gives it to a new window).
  @Test func theX11StripFloatsCentredAndIsShown() throws {
    let output = try desktop.output()
    let window = try desktop.startWindow()
    let player = try StripPlayer(folder: folder.url, backend: "x11")
    defer { _ = player.end() }
    let ready = try #require(player.event(named: "ready"), "\(player.stderr)")
    #expect(ready["strip"] as? String == "x11", "\(ready)")
    #expect(ready["video"] as? String == "x11", "\(ready)")
    #expect(
      player.event(named: "pip") { $0["state"] as? String == "didStart" } != nil,
      "\(player.allEvents()) \(player.stderr)")
    let node = try #require(stripNode(of: player), "\(player.stderr)")
    let strip = try #require(Self.rect(node))
    let right = output.width - (strip.x + strip.width)
    #expect(abs(strip.x - right) <= 2, "\(strip)")
    // The window below stays tiled, the whole output's.
    let below = try desktop.windows().first { $0["pid"] as? Int == window.pid }
    #expect(below?["type"] as? String == "con", "\(String(describing: below))")
    #expect(try shows(strip), "\(player.stderr)")
    let end = player.end()
    #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
  }

  /// Unlocked, the strip's body takes a click (the window below gets none), and a click on the
  /// window beside it is the window's first (sway handles its seat's input in order). A locked
  /// strip's clicks do not go through on sway 1.7's XWayland (22.1): XWayland does not give the
  /// X input shape to the compositor as the surface's input region, so this fallback has no
  /// click-through there (the native strip has, by its input region).
  @Test func aClickOnTheUnlockedStripIsTheStrips() throws {
    let window = try desktop.startWindow()
    let player = try StripPlayer(folder: folder.url, backend: "x11")
    defer { _ = player.end() }
    let node = try #require(stripNode(of: player), "\(player.stderr)")
    let strip = try #require(Self.rect(node))
    // Once drawn: before, a click there would reach the window anyway.
    #expect(try shows(strip), "\(player.stderr)")
    try desktop.click(x: strip.x + strip.width * 3 / 4, y: strip.y + strip.height - 8)
    try desktop.click(x: strip.x + strip.width / 2, y: strip.y + strip.height + 20)
    #expect(poll(timeout: 10) { window.buttonPresses() >= 1 }, "\(player.stderr)")
    #expect(window.buttonPresses() == 1)
    let end = player.end()
    #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
  }

  /// Whether sway's screenshot shows the strip's light letters inside `rect` (waited for).
  func shows(_ rect: (x: Int, y: Int, width: Int, height: Int)) throws -> Bool {
    poll(timeout: 15) {
      guard let shot = try? desktop.screenshot() else { return false }
      return LayerSurfaceSwayTests.PlayStripOnSwayTests.brightPixels(
        in: shot, x: rect.x, y: rect.y, width: rect.width, height: rect.height) > 200
    }
  }
}
