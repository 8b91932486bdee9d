/// Control icons drawn with shapes (no icon font is installed everywhere).
@WindowLoop enum ButtonIcon {
  case play
  case pause
  case next
  case previous
  case skipForward
  case skipBack
  case close
  case restore
  case toStrip
  /// A closed padlock (the strip is locked).
  case padlock
  /// An open padlock (the strip is unlocked).
  case openPadlock

  static func draw(_ icon: ButtonIcon, in rect: PixelRect, color: RGBA, on renderer: SDL.Renderer) {
    let x = Float(rect.x)
    let y = Float(rect.y)
    let w = Float(rect.w)
    let h = Float(rect.h)
    func point(_ fx: Float, _ fy: Float) -> SIMD2<Float> { SIMD2(x + w * fx, y + h * fy) }
    func bar(_ fx: Float, _ fw: Float, _ fy: Float = 0.28, _ fh: Float = 0.44) {
      SDL.setDrawColor(renderer, color)
      SDL.fill(
        renderer,
        PixelRect(
          x: Int32(x + w * fx), y: Int32(y + h * fy), w: max(1, Int32(w * fw)),
          h: max(1, Int32(h * fh))))
    }
    switch icon {
    case .play:
      SDL.fillTriangles(renderer, [point(0.34, 0.26), point(0.34, 0.74), point(0.74, 0.5)], color)
    case .pause:
      bar(0.32, 0.12)
      bar(0.56, 0.12)
    case .next, .skipForward:
      SDL.fillTriangles(
        renderer,
        [
          point(0.26, 0.28), point(0.26, 0.72), point(0.5, 0.5), point(0.5, 0.28),
          point(0.5, 0.72), point(0.74, 0.5),
        ], color)
      if icon == .next { bar(0.74, 0.07) }
    case .previous, .skipBack:
      SDL.fillTriangles(
        renderer,
        [
          point(0.74, 0.28), point(0.74, 0.72), point(0.5, 0.5), point(0.5, 0.28),
          point(0.5, 0.72), point(0.26, 0.5),
        ], color)
      if icon == .previous { bar(0.19, 0.07) }
    case .close:
      SDL.fillTriangles(
        renderer,
        [
          point(0.28, 0.32), point(0.32, 0.28), point(0.72, 0.68), point(0.28, 0.32),
          point(0.68, 0.72), point(0.72, 0.68), point(0.72, 0.32), point(0.68, 0.28),
          point(0.28, 0.68), point(0.72, 0.32), point(0.32, 0.72), point(0.28, 0.68),
        ], color)
    case .restore:
      bar(0.26, 0.48, 0.3, 0.06)
      bar(0.26, 0.48, 0.66, 0.06)
      bar(0.26, 0.06, 0.3, 0.42)
      bar(0.68, 0.06, 0.3, 0.42)
    case .toStrip:
      bar(0.2, 0.6, 0.58, 0.16)
      bar(0.2, 0.6, 0.3, 0.05)
    case .padlock, .openPadlock:
      // The body, then the shackle: two posts and a bar (the right post lifted when open).
      bar(0.28, 0.44, 0.46, 0.28)
      if icon == .padlock {
        bar(0.34, 0.06, 0.28, 0.18)
        bar(0.6, 0.06, 0.28, 0.18)
        bar(0.34, 0.32, 0.24, 0.05)
      } else {
        bar(0.34, 0.06, 0.14, 0.32)
        bar(0.6, 0.06, 0.14, 0.2)
        bar(0.34, 0.32, 0.12, 0.05)
      }
    }
  }
}
