/// The box's rounded corners made transparent, for a strip whose pixels the compositor blends
/// (the native Wayland strip). The placeholder picture is opaque to its edges: its rounded
/// border is drawn on a rectangle whose corners are the box's colour, which on an X11 window
/// (no alpha) blend into the box, but on a layer surface showed as small dark squares outside
/// the border. The radius is the picture's own (its border's outer edge meets the picture's
/// edges `pictureRadius` pixels from each corner), scaled to the strip.
enum RoundedCorners {
  /// The outer radius of the placeholder picture's border, in its own pixels (2000 wide).
  static let pictureRadius = 38.0
  static let pictureWidth = 2000.0

  /// Multiplies the alpha of each pixel of a `width` × `height` ARGB8888 image (not
  /// premultiplied; `pitch` bytes a row) by how much of it lies inside a rectangle with corners
  /// of `radius`: 0 outside, a fraction on the arc (its edge smoothed over one pixel).
  static func cut(
    _ pixels: UnsafeMutableRawPointer, width: Int, height: Int, pitch: Int, radius: Double
  ) {
    let span = min(Int(radius.rounded(.up)), width / 2, height / 2)
    guard span > 0 else { return }
    for y in 0..<span {
      for x in 0..<span {
        // The pixel's centre against the corner circle's centre at (radius, radius).
        let dx = radius - (Double(x) + 0.5)
        let dy = radius - (Double(y) + 0.5)
        let inside = max(0, min(1, radius - (dx * dx + dy * dy).squareRoot() + 0.5))
        guard inside < 1 else { continue }
        for (column, row) in [
          (x, y), (width - 1 - x, y), (x, height - 1 - y),
          (width - 1 - x, height - 1 - y),
        ] {
          let pixel = (pixels + row * pitch).assumingMemoryBound(to: UInt32.self) + column
          let alpha = Double(pixel.pointee >> 24) * inside
          pixel.pointee = (pixel.pointee & 0x00FF_FFFF) | (UInt32(alpha.rounded()) << 24)
        }
      }
    }
  }
}
