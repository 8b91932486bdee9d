/// Blends a tinted ARGB8888 image over 32-bit pixels with the arithmetic of SDL 2's software
/// renderer for a texture drawn with a colour or alpha modulation: its generic
/// "modulate, blend" blit, channel by channel `src × mod / 255`, then `src × srcA / 255` when
/// the alpha is below 255, then `src + (255 − srcA) × dst / 255`, every division truncating.
///
/// Why our own: SDL takes that generic blit for every tinted texture, and it computes every
/// pixel of the image, the transparent ones too (a line's text, outline and shadow images are
/// mostly transparent), at about 17 ns a pixel; the fades of a new line blended the old and
/// the new line's images 15 times each, which was most of the strip's CPU while it played.
/// A transparent pixel leaves the one under it as it was, so it is skipped here; the others
/// get SDL's result to the bit (`TintedBlendTests` draws both ways and compares). A draw SDL
/// blits another way (untinted: no modulation, which SDL blends with other arithmetic, or
/// other formats) is not done here.
enum TintedBlend {
  /// The destination's layout: `opaque` is XRGB8888 (an X window's surface; SDL writes its top
  /// byte 0), `withAlpha` ARGB8888 (a canvas, a 32-bit visual).
  enum Destination {
    case opaque
    case withAlpha
  }

  /// Blends `width` × `height` pixels of `source` (rows `sourceStride` pixels apart) tinted by
  /// `tint` over `destination` (rows `destinationStride` pixels apart).
  static func blend(
    _ source: UnsafePointer<UInt32>, sourceStride: Int,
    over destination: UnsafeMutablePointer<UInt32>, destinationStride: Int,
    width: Int, height: Int, tint: RGBA, layout: Destination
  ) {
    let red = UInt32(tint.red)
    let green = UInt32(tint.green)
    let blue = UInt32(tint.blue)
    let alpha = UInt32(tint.alpha)
    let keepsAlpha = layout == .withAlpha
    for row in 0..<height {
      let from = source + row * sourceStride
      let to = destination + row * destinationStride
      for column in 0..<width {
        let pixel = from[column]
        let under = to[column]
        guard pixel >= 0x0100_0000 else {
          // Alpha 0: SDL writes the pixel under back unchanged (its top byte 0 on XRGB8888).
          if !keepsAlpha && under > 0x00FF_FFFF { to[column] = under & 0x00FF_FFFF }
          continue
        }
        let sourceAlpha = (pixel >> 24) * alpha / 255
        var sourceRed = (pixel >> 16 & 0xFF) * red / 255
        var sourceGreen = (pixel >> 8 & 0xFF) * green / 255
        var sourceBlue = (pixel & 0xFF) * blue / 255
        if sourceAlpha < 255 {
          sourceRed = sourceRed * sourceAlpha / 255
          sourceGreen = sourceGreen * sourceAlpha / 255
          sourceBlue = sourceBlue * sourceAlpha / 255
        }
        let rest = 255 - sourceAlpha
        var blended =
          (sourceRed + rest * (under >> 16 & 0xFF) / 255) << 16
          | (sourceGreen + rest * (under >> 8 & 0xFF) / 255) << 8
          | (sourceBlue + rest * (under & 0xFF) / 255)
        if keepsAlpha { blended |= (sourceAlpha + rest * (under >> 24) / 255) << 24 }
        to[column] = blended
      }
    }
  }
}
