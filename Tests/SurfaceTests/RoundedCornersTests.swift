import Testing

@testable import Surface

/// The box's corners cut out of an opaque picture: transparent outside the arc, untouched
/// inside and along the straight edges, a fraction on the arc; colours kept.
@Suite struct RoundedCornersTests {
  func cut(width: Int, height: Int, radius: Double) -> [UInt32] {
    var pixels = [UInt32](repeating: 0xFF20_222A, count: width * height)
    pixels.withUnsafeMutableBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      RoundedCorners.cut(base, width: width, height: height, pitch: width * 4, radius: radius)
    }
    return pixels
  }

  @Test func theFourCornersAreTransparentAndTheRestOpaque() {
    let (width, height) = (40, 20)
    let pixels = cut(width: width, height: height, radius: 8)
    func alpha(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] >> 24 }
    for (x, y) in [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1), (1, 1)] {
      #expect(alpha(x, y) == 0, "(\(x), \(y))")
    }
    for (x, y) in [(8, 0), (0, 8), (width / 2, 0), (width / 2, height / 2), (4, 4)] {
      #expect(alpha(x, y) == 255, "(\(x), \(y))")
    }
    // On the arc, between: the edge is smoothed.
    #expect(pixels.contains { $0 >> 24 > 0 && $0 >> 24 < 255 })
    #expect(pixels.allSatisfy { $0 & 0x00FF_FFFF == 0x0020_222A })
  }

  @Test func aRadiusLargerThanTheImageStaysInsideIt() {
    let pixels = cut(width: 6, height: 4, radius: 50)
    #expect(pixels.count == 24)
    #expect(pixels[0] >> 24 == 0)
  }
}
