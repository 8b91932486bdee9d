/// Pixels a window coordinate as the ratio of the strip's drawn width to its window width:
/// 1 on X11, 2 on an integer scale-2 output, 3/2 on a canvas at a fractional 1.5. Hit testing
/// speaks window coordinates, the layout pixels; a ratio, not a whole number, so that a
/// fractional scale maps the controls to where they are drawn.
struct PixelScale {
  let pixels: Int
  let points: Int

  /// `pixels` over `points`; one to one while either is unknown (0).
  init(pixels: Int, points: Int) {
    if pixels > 0, points > 0 {
      (self.pixels, self.points) = (pixels, points)
    } else {
      (self.pixels, self.points) = (1, 1)
    }
  }

  func pixels(_ points: Int32) -> Int32 { Int32(Int(points) * pixels / self.points) }

  func points(_ pixels: Int32) -> Int32 { Int32(Int(pixels) * points / self.pixels) }

  func pixels(_ rect: PixelRect) -> PixelRect {
    PixelRect(x: pixels(rect.x), y: pixels(rect.y), w: pixels(rect.w), h: pixels(rect.h))
  }

  func points(_ rect: PixelRect) -> PixelRect {
    PixelRect(x: points(rect.x), y: points(rect.y), w: points(rect.w), h: points(rect.h))
  }
}
