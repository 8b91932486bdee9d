/// A rectangle in pixels (or window coordinates): where the layouts put things and what the
/// drawing code fills, clips and copies. `SDLCalls` turns it into SDL's own rectangle.
struct PixelRect: Equatable {
  var x: Int32
  var y: Int32
  var w: Int32
  var h: Int32

  func contains(x px: Int32, y py: Int32) -> Bool {
    px >= x && px < x + w && py >= y && py < y + h
  }

  /// The overlap with `other` (empty, at the nearer corner, when they are apart).
  func intersection(_ other: PixelRect) -> PixelRect {
    let x0 = max(x, other.x)
    let y0 = max(y, other.y)
    let x1 = min(x + w, other.x + other.w)
    let y1 = min(y + h, other.y + other.h)
    return PixelRect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
  }

  /// The smallest rectangle holding both.
  func union(_ other: PixelRect) -> PixelRect {
    let x0 = min(x, other.x)
    let y0 = min(y, other.y)
    let x1 = max(x + w, other.x + other.w)
    let y1 = max(y + h, other.y + other.h)
    return PixelRect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
  }
}
