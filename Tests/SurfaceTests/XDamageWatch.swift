import CXdamage

/// What the X server is asked to draw on one window, seen from a connection of the test's own
/// through the Damage extension (one raw rectangle per drawing request: the XShmPutImage of a
/// present shows as the rectangle it sent). Used from one test thread only.
final class XDamageWatch {
  struct Area: Equatable, CustomStringConvertible {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    var pixels: Int { width * height }
    var description: String { "\(width)×\(height)+\(x)+\(y)" }
  }

  private let display: OpaquePointer
  private let damage: Damage
  private let eventBase: Int32

  /// Nil when the server has no Damage extension or cannot be reached.
  init?(window: UInt) {
    guard let display = XOpenDisplay(nil) else { return nil }
    var eventBase: Int32 = 0
    var errorBase: Int32 = 0
    guard XDamageQueryExtension(display, &eventBase, &errorBase) != 0 else {
      XCloseDisplay(display)
      return nil
    }
    self.display = display
    self.eventBase = eventBase
    damage = XDamageCreate(display, Drawable(window), Int32(XDamageReportRawRectangles))
    XSync(display, 0)
    _ = areas()
  }

  deinit {
    XDamageDestroy(display, damage)
    XCloseDisplay(display)
  }

  /// What was drawn on the window since the last call (or since the watch began).
  func areas() -> [Area] {
    // A round trip: every request the server handled before it has sent its notices by then.
    XSync(display, 0)
    var found: [Area] = []
    var event = XEvent()
    var area = XRectangle()
    while XPending(display) > 0 {
      XNextEvent(display, &event)
      if lyricpip_damage_area(&event, eventBase, &area) != 0 {
        found.append(
          Area(x: Int(area.x), y: Int(area.y), width: Int(area.width), height: Int(area.height)))
      }
    }
    return found
  }
}
