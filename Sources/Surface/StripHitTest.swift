import CSDL2

/// Answers SDL's hit test for the strip: the edges resize (the window manager does it), the rest
/// is left to the window, which drags itself on press-and-move.
///
/// Why the inside is not `SDL_HITTEST_DRAGGABLE`: that hands every press to the window manager
/// as a move, so the window never sees clicks (no double-click), and a quick click whose release
/// comes before openbox grabs the pointer leaves openbox in move mode, eating the next clicks
/// and the Escape key (seen in the tests with `xdotool click`).
final class StripHitTest {
  var width: Int32 = 0
  var height: Int32 = 0
  var edge: Int32 = 8
  var buttonRects: [SDL_Rect] = []

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
    // The inside is the window's own: it drags the strip itself (see FloatingWindow+Input).
    return SDL_HITTEST_NORMAL
  }

  /// The C callback SDL calls; `data` is an unretained `StripHitTest`.
  static let callback: SDL_HitTest = { _, point, data in
    guard let point, let data else { return SDL_HITTEST_NORMAL }
    return Unmanaged<StripHitTest>.fromOpaque(data).takeUnretainedValue().result(at: point.pointee)
  }
}
