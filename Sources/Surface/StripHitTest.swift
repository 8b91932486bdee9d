import CSDL2

/// Answers SDL's hit test for the strip: the edges resize, the controls are buttons, everywhere
/// else drags the window. A press that follows another within the double-click time at the same
/// place is a double-click: it is passed to the window as a click and announced through the
/// mailbox (the window manager takes the pointer for a drag, so SDL never reports the clicks).
final class StripHitTest {
  var width: Int32 = 0
  var height: Int32 = 0
  var edge: Int32 = 8
  var buttonRects: [SDL_Rect] = []
  var onDoubleClick: (() -> Void)?
  private var lastPressTicks: UInt32?
  private var lastPress = SDL_Point(x: -100, y: -100)
  static let doubleClickMs: UInt32 = 400

  func result(at point: SDL_Point) -> SDL_HitTestResult {
    for rect in buttonRects
    where point.x >= rect.x && point.x < rect.x + rect.w && point.y >= rect.y
      && point.y < rect.y + rect.h
    {
      return SDL_HITTEST_NORMAL
    }
    let left = point.x < edge
    let right = point.x >= width - edge
    let top = point.y < edge
    let bottom = point.y >= height - edge
    switch (left, right, top, bottom) {
    case (true, _, true, _): return SDL_HITTEST_RESIZE_TOPLEFT
    case (_, true, true, _): return SDL_HITTEST_RESIZE_TOPRIGHT
    case (true, _, _, true): return SDL_HITTEST_RESIZE_BOTTOMLEFT
    case (_, true, _, true): return SDL_HITTEST_RESIZE_BOTTOMRIGHT
    case (true, _, _, _): return SDL_HITTEST_RESIZE_LEFT
    case (_, true, _, _): return SDL_HITTEST_RESIZE_RIGHT
    case (_, _, true, _): return SDL_HITTEST_RESIZE_TOP
    case (_, _, _, true): return SDL_HITTEST_RESIZE_BOTTOM
    default: break
    }
    let now = SDL.ticks()
    if let last = lastPressTicks, now &- last <= Self.doubleClickMs,
      abs(point.x - lastPress.x) <= 8, abs(point.y - lastPress.y) <= 8
    {
      lastPressTicks = nil
      onDoubleClick?()
      return SDL_HITTEST_NORMAL
    }
    lastPressTicks = now
    lastPress = point
    return SDL_HITTEST_DRAGGABLE
  }

  /// The C callback SDL calls; `data` is an unretained `StripHitTest`.
  static let callback: SDL_HitTest = { _, point, data in
    guard let point, let data else { return SDL_HITTEST_NORMAL }
    return Unmanaged<StripHitTest>.fromOpaque(data).takeUnretainedValue().result(at: point.pointee)
  }
}
