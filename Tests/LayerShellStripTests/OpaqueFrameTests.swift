import Testing

@testable import LayerShellStrip
@testable import Surface

/// The sink tells the compositor a whole frame is opaque (the boxed strip) only when every
/// pixel's alpha is full; the padding past a row's width is not the frame's.
@Suite struct OpaqueFrameTests {
  func isOpaque(_ pixels: [UInt32], width: Int, height: Int, stride: Int) throws -> Bool {
    try pixels.withUnsafeBytes { bytes in
      LayerShellStripSink.isOpaque(
        StripCanvasFrame(
          pixels: try #require(bytes.baseAddress), width: width, height: height, stride: stride,
          damage: StripCanvasRect(x: 0, y: 0, width: width, height: height)))
    }
  }

  @Test func fullAlphaEverywhereIsOpaque() throws {
    // Two rows of three, a fourth padding word each with no alpha.
    let pixels: [UInt32] = [
      0xFF10_2030, 0xFF00_0000, 0xFFFF_FFFF, 0,
      0xFF11_1111, 0xFF22_2222, 0xFF33_3333, 0,
    ]
    #expect(try isOpaque(pixels, width: 3, height: 2, stride: 16))
  }

  @Test func onePixelLessThanFullAlphaIsNot() throws {
    var pixels = [UInt32](repeating: 0xFF00_0000, count: 6)
    pixels[5] = 0xFE00_0000
    #expect(try !isOpaque(pixels, width: 3, height: 2, stride: 12))
    pixels[5] = 0
    #expect(try !isOpaque(pixels, width: 3, height: 2, stride: 12))
  }
}
