/// Pixels a window coordinate on a canvas strip, in 120ths (the unit of Wayland's
/// fractional-scale-v1): 120 is one pixel a point, 240 two (an integer scale-2 output), 180 one
/// and a half (a fractional scale). Integers, so that the canvas's pixel size is exactly the
/// layer surface's buffer size, which the compositor computes the same way.
public struct CanvasScale: Equatable, Sendable {
  public let per120: Int

  public init(per120: Int) { self.per120 = max(1, per120) }

  /// `scale` whole pixels a point.
  public static func integer(_ scale: Int) -> CanvasScale {
    CanvasScale(per120: 120 * max(1, scale))
  }

  /// `points` in pixels, rounded up (the canvas covers the whole surface).
  public func pixels(_ points: Int) -> Int { (points * per120 + 119) / 120 }

  /// `pixels` in points, rounded down (a pixel position back to where the pointer is).
  public func points(_ pixels: Int) -> Int { pixels * 120 / per120 }
}
