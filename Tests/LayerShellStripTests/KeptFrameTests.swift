import Testing

@testable import LayerShellStrip
@testable import Surface

/// The sink's copy of the newest frame: a fill frame copies only its band into it, and the copy
/// is the whole newest frame after every present.
@Suite struct KeptFrameTests {
  /// Hands `pixels` (`width` × `height`, one word each, rows of `stride` bytes) to `kept`.
  func update(
    _ kept: inout KeptFrame, _ pixels: [UInt32], width: Int, height: Int, stride: Int,
    damage: StripCanvasRect
  ) throws -> Int {
    try pixels.withUnsafeBytes { bytes in
      kept.update(
        from: StripCanvasFrame(
          pixels: try #require(bytes.baseAddress), width: width, height: height, stride: stride,
          damage: damage))
    }
  }

  func words(_ kept: KeptFrame) -> [UInt32] {
    kept.pixels.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
  }

  @Test func aFillFrameCopiesOnlyItsBand() throws {
    var kept = KeptFrame()
    var frame = [UInt32](repeating: 0xFF10_1010, count: 8 * 4)
    let whole = StripCanvasRect(x: 0, y: 0, width: 8, height: 4)
    #expect(try update(&kept, frame, width: 8, height: 4, stride: 32, damage: whole) == 8 * 4 * 4)
    // The fill moved over columns 2 and 3 of rows 1 and 2.
    for row in 1...2 { for column in 2...3 { frame[row * 8 + column] = 0xFFFF_0000 } }
    let band = StripCanvasRect(x: 2, y: 1, width: 2, height: 2)
    #expect(try update(&kept, frame, width: 8, height: 4, stride: 32, damage: band) == 2 * 2 * 4)
    #expect(words(kept) == frame)
  }

  /// The first frame at a size is copied whole, whatever its damage says (the copy had none).
  @Test func theFirstFrameAtASizeIsCopiedWhole() throws {
    var kept = KeptFrame()
    // Rows of 3 pixels with a padding word: the padding is not copied.
    let frame: [UInt32] = [1, 2, 3, 0, 4, 5, 6, 0]
    let band = StripCanvasRect(x: 1, y: 0, width: 1, height: 1)
    #expect(try update(&kept, frame, width: 3, height: 2, stride: 16, damage: band) == 3 * 2 * 4)
    #expect(words(kept) == [1, 2, 3, 4, 5, 6])
    kept.release()
    #expect(kept.pixels.isEmpty)
    #expect(try update(&kept, frame, width: 3, height: 2, stride: 16, damage: band) == 3 * 2 * 4)
  }
}
