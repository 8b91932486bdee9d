import Surface
import WaylandStrip

/// Turns the seat's pointer events into the strip's input: Wayland sends presses, not clicks,
/// so a second left press soon after the first and near it is a double-click (SDL's rule on
/// X11: 500 ms, a few pixels).
final class PointerClicks {
  static let doubleClickNanos: Int64 = 500_000_000
  static let doubleClickDistance = 4

  private let nowNanos: @Sendable () -> Int64
  private var position = (x: 0, y: 0)
  private var lastPress: (nanos: Int64, x: Int, y: Int, clicks: Int)?

  init(nowNanos: @escaping @Sendable () -> Int64) { self.nowNanos = nowNanos }

  func input(_ event: WaylandPointerEvent) -> StripPointerInput? {
    switch event {
    case .enter(_, let x, let y):
      position = (Int(x), Int(y))
      return .entered(x: position.x, y: position.y)
    case .leave:
      return .left
    case .motion(_, let x, let y):
      position = (Int(x), Int(y))
      return .moved(x: position.x, y: position.y)
    case .button(_, let button, let pressed):
      guard button == WaylandPointerEvent.leftButton else { return nil }
      guard pressed else { return .leftReleased }
      let now = nowNanos()
      var clicks = 1
      if let last = lastPress, now - last.nanos <= Self.doubleClickNanos,
        abs(last.x - position.x) <= Self.doubleClickDistance,
        abs(last.y - position.y) <= Self.doubleClickDistance
      {
        clicks = last.clicks + 1
      }
      lastPress = (now, position.x, position.y, clicks)
      return .leftPressed(x: position.x, y: position.y, clicks: clicks)
    }
  }
}
