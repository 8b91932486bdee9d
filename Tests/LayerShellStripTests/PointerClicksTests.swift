import Surface
import Synchronization
import Testing
import WaylandStrip

@testable import LayerShellStrip

/// Wayland sends presses, not clicks: the native strip counts a second press soon after the
/// first and near it as a double-click, as SDL does on X11.
@Suite struct PointerClicksTests {
  /// A clock the test moves by hand.
  final class Clock: Sendable {
    let nanos = Mutex<Int64>(0)
    func advance(ms: Int64) { nanos.withLock { $0 += ms * 1_000_000 } }
  }

  let clock = Clock()
  let surface: UInt32 = 7

  func clicks() -> PointerClicks {
    let clock = clock
    return PointerClicks { clock.nanos.withLock { $0 } }
  }

  func press(_ clicks: PointerClicks, at x: Double, _ y: Double) -> StripPointerInput? {
    _ = clicks.input(.motion(surface: surface, x: x, y: y))
    return clicks.input(
      .button(surface: surface, button: WaylandPointerEvent.leftButton, pressed: true))
  }

  @Test func twoQuickPressesInOnePlaceAreADoubleClick() {
    let clicks = clicks()
    #expect(clicks.input(.enter(surface: surface, x: 10.5, y: 20.2)) == .entered(x: 10, y: 20))
    #expect(press(clicks, at: 10, 20) == .leftPressed(x: 10, y: 20, clicks: 1))
    #expect(
      clicks.input(
        .button(surface: surface, button: WaylandPointerEvent.leftButton, pressed: false))
        == .leftReleased)
    clock.advance(ms: 200)
    #expect(press(clicks, at: 12, 21) == .leftPressed(x: 12, y: 21, clicks: 2))
  }

  @Test func aSlowOrDistantSecondPressIsASingleClick() {
    let clicks = clicks()
    _ = press(clicks, at: 10, 20)
    clock.advance(ms: 600)
    #expect(press(clicks, at: 10, 20) == .leftPressed(x: 10, y: 20, clicks: 1))
    clock.advance(ms: 100)
    #expect(press(clicks, at: 60, 20) == .leftPressed(x: 60, y: 20, clicks: 1))
  }

  @Test func otherButtonsAreNotTheStrips() {
    let clicks = clicks()
    #expect(clicks.input(.button(surface: surface, button: 0x111, pressed: true)) == nil)
    #expect(clicks.input(.leave(surface: surface)) == .left)
  }
}
