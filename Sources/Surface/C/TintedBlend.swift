/// Blends a tinted ARGB8888 image over 32-bit pixels with the arithmetic of SDL 2's software
/// renderer for a texture drawn with a colour or alpha modulation: its generic
/// "modulate, blend" blit, channel by channel `src × mod / 255`, then `src × srcA / 255` when
/// the alpha is below 255, then `src + (255 − srcA) × dst / 255`, every division truncating.
///
/// Why our own: SDL takes that generic blit for every tinted texture, and it computes every
/// pixel of the image, the transparent ones too (a line's text, outline and shadow images are
/// mostly transparent), at about 17 ns a pixel; the fades of a new line blended the old and
/// the new line's images 15 times each, which was most of the strip's CPU while it played.
/// Here a run of eight transparent pixels, which leaves the pixels under it as they were, is
/// passed over with four loads, and each product-over-255 is read from a table; the result is
/// SDL's to the bit (`TintedBlendTests` draws both ways and compares). A draw SDL blits another
/// way (untinted: no modulation, which SDL blends with other arithmetic, or other formats) is
/// not done here.
enum TintedBlend {
  /// The destination's layout: `opaque` is XRGB8888 (an X window's surface; SDL writes its top
  /// byte 0, as everything that draws there does, so a pixel passed over already has it),
  /// `withAlpha` ARGB8888 (a canvas, a 32-bit visual).
  enum Destination {
    case opaque
    case withAlpha
  }

  /// ⌊x × y / 255⌋ for every two bytes, at `x << 8 | y` (64 KiB, made at the first blend): a
  /// pixel takes ten of them, and a lookup is about twice as fast as the multiply and the
  /// division by a constant.
  private static let products: [UInt8] = (0..<65_536).map {
    UInt8(($0 >> 8) * ($0 & 0xFF) / 255)
  }

  /// The one colour (0xRRGGBB) of every pixel of the image that is not transparent, nil when
  /// they differ. A text image is one colour (white) with the glyphs' coverage in its alpha;
  /// `blend` draws such an image from per-draw tables (`UniformBlender`).
  static func uniformColor(
    of source: UnsafePointer<UInt32>, stride: Int, width: Int, height: Int
  ) -> UInt32? {
    var colour: UInt32?
    for row in 0..<height {
      let pixels = source + row * stride
      for column in 0..<width where pixels[column] >= 0x0100_0000 {
        let rgb = pixels[column] & 0xFF_FFFF
        if colour == nil { colour = rgb } else if colour != rgb { return nil }
      }
    }
    return colour ?? 0
  }

  /// Blends `width` × `height` pixels of `source` (rows `sourceStride` pixels apart) tinted by
  /// `tint` over `destination` (rows `destinationStride` pixels apart). `uniform`: the source's
  /// one colour (`uniformColor`), when it has one.
  static func blend(
    _ source: UnsafePointer<UInt32>, sourceStride: Int,
    over destination: UnsafeMutablePointer<UInt32>, destinationStride: Int,
    width: Int, height: Int, tint: RGBA, layout: Destination, uniform: UInt32? = nil
  ) {
    products.withUnsafeBufferPointer { table in
      guard let base = table.baseAddress else { return }
      let products = Products(table: base)
      if let uniform {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { own in
          guard let own = own.baseAddress else { return }
          let blender = UniformBlender(
            products: products, own: own, tint: tint, colour: uniform,
            keepsAlpha: layout == .withAlpha)
          eachVisiblePixel(
            source, sourceStride: sourceStride, over: destination,
            destinationStride: destinationStride, width: width, height: height
          ) { blender.blend($0, over: $1) }
        }
        return
      }
      let blender = PixelBlender(products: products, tint: tint, keepsAlpha: layout == .withAlpha)
      eachVisiblePixel(
        source, sourceStride: sourceStride, over: destination,
        destinationStride: destinationStride, width: width, height: height
      ) { blender.blend($0, over: $1) }
    }
  }

  /// Calls `blend` for every pixel of `source` that is not transparent, with the one under it,
  /// and stores its answer there.
  @inline(__always) private static func eachVisiblePixel(
    _ source: UnsafePointer<UInt32>, sourceStride: Int,
    over destination: UnsafeMutablePointer<UInt32>, destinationStride: Int,
    width: Int, height: Int, blend: (UInt32, UInt32) -> UInt32
  ) {
    for row in 0..<height {
      let from = source + row * sourceStride
      let to = destination + row * destinationStride
      var column = 0
      while column < width {
        if column + 8 <= width, Self.allTransparent(from + column) {
          column += 8
          continue
        }
        let end = min(column + 8, width)
        while column < end {
          let pixel = from[column]
          if pixel >= 0x0100_0000 { to[column] = blend(pixel, to[column]) }
          column += 1
        }
      }
    }
  }

  /// Whether the eight pixels from `pixels` on all have alpha 0.
  @inline(__always) private static func allTransparent(_ pixels: UnsafePointer<UInt32>) -> Bool {
    let raw = UnsafeRawPointer(pixels)
    let alphas =
      raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
      | raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
      | raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
    return alphas & 0xFF00_0000_FF00_0000 == 0
  }

  /// The product table (`products`) and the last of SDL's steps, shared by both blenders.
  private struct Products {
    let table: UnsafePointer<UInt8>

    /// ⌊x × y / 255⌋.
    @inline(__always) func times(_ x: UInt32, _ y: UInt32) -> UInt32 {
      UInt32(table[Int(x << 8 | y)])
    }

    /// `c + (255 − a) × under / 255` for a colour premultiplied by its alpha `a` (alpha in the
    /// top byte of `colour`), the alpha likewise when the destination keeps one. The channels
    /// are added in one sum: each is at most `a + (255 − a)`, so none carries into the next.
    @inline(__always) func over(_ colour: UInt32, _ under: UInt32, keepsAlpha: Bool) -> UInt32 {
      let alpha = colour >> 24
      let rest = 255 - alpha
      var blended =
        (colour & 0xFF_FFFF)
        + (times(rest, under >> 16 & 0xFF) << 16 | times(rest, under >> 8 & 0xFF) << 8
          | times(rest, under & 0xFF))
      if keepsAlpha { blended |= (alpha + times(rest, under >> 24)) << 24 }
      return blended
    }
  }

  /// One pixel of a one-colour source, the same steps as `PixelBlender`'s with the same
  /// truncations: the tinted, premultiplied colour and the alpha depend only on the pixel's
  /// alpha, so they come from one 256-entry table made per draw (four table reads a pixel
  /// instead of ten), and a pixel that comes out opaque is its table entry, whatever was under.
  private struct UniformBlender {
    let products: Products
    /// By the source pixel's alpha: the blended alpha in the top byte, the tinted colour
    /// premultiplied by it below (256 entries, filled here).
    let own: UnsafeMutablePointer<UInt32>
    let keepsAlpha: Bool

    init(
      products: Products, own: UnsafeMutablePointer<UInt32>, tint: RGBA, colour: UInt32,
      keepsAlpha: Bool
    ) {
      self.products = products
      self.own = own
      self.keepsAlpha = keepsAlpha
      let red = products.times(UInt32(tint.red), colour >> 16 & 0xFF)
      let green = products.times(UInt32(tint.green), colour >> 8 & 0xFF)
      let blue = products.times(UInt32(tint.blue), colour & 0xFF)
      for sourceAlpha in 0..<256 {
        let alpha = products.times(UInt32(tint.alpha), UInt32(sourceAlpha))
        own[sourceAlpha] =
          alpha << 24 | products.times(alpha, red) << 16 | products.times(alpha, green) << 8
          | products.times(alpha, blue)
      }
    }

    @inline(__always) func blend(_ pixel: UInt32, over under: UInt32) -> UInt32 {
      let entry = own[Int(pixel >> 24)]
      if entry >> 24 == 255 { return keepsAlpha ? entry : entry & 0xFF_FFFF }
      return products.over(entry, under, keepsAlpha: keepsAlpha)
    }
  }

  /// One pixel, SDL's steps: tint (`c × mod / 255`), premultiply (`c × a / 255`; SDL skips it at
  /// alpha 255, where it changes nothing), then `c + (255 − a) × under / 255`.
  private struct PixelBlender {
    let products: Products
    let tint: RGBA
    let keepsAlpha: Bool

    @inline(__always) func blend(_ pixel: UInt32, over under: UInt32) -> UInt32 {
      let alpha = products.times(UInt32(tint.alpha), pixel >> 24)
      let red = products.times(alpha, products.times(UInt32(tint.red), pixel >> 16 & 0xFF))
      let green = products.times(alpha, products.times(UInt32(tint.green), pixel >> 8 & 0xFF))
      let blue = products.times(alpha, products.times(UInt32(tint.blue), pixel & 0xFF))
      return products.over(
        alpha << 24 | red << 16 | green << 8 | blue, under, keepsAlpha: keepsAlpha)
    }
  }
}
