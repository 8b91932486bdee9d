import TestSupport
import Testing

@testable import Surface

/// The alpha grid behind the outline and the text-only strip's shape.
@Suite(.tags(.sanitized)) struct AlphaMaskTests {
  @Test func anOutlineGrowsTheLettersRoundlyAndKeepsTheirEdges() {
    // One opaque pixel and one half-transparent pixel.
    var alpha = [UInt8](repeating: 0, count: 5 * 3)
    alpha[1 * 5 + 1] = 255
    alpha[1 * 5 + 3] = 100
    let grown = AlphaMask(width: 5, height: 3, alpha: alpha).dilated(radius: 2)
    #expect(grown.width == 9 && grown.height == 7)
    // The opaque pixel is at (3, 3) in the grown grid; within 2 of it all is opaque.
    #expect(grown[3, 3] == 255)
    #expect(grown[1, 3] == 255 && grown[3, 1] == 255 && grown[3, 5] == 255)
    #expect(grown[2, 2] == 255)
    // A round pen: the corner of the 5×5 square around it is left out.
    #expect(grown[1, 1] == 0)
    // The faint pixel grows faint, where the opaque one does not reach.
    #expect(grown[7, 3] == 100)
    #expect(grown[8, 3] == 0)
  }

  @Test func theBitmapHasABitPerPixelOverTheThresholdLowestBitFirst() {
    var mask = AlphaMask(width: 10, height: 2)
    mask.fill(PixelRect(x: 0, y: 0, w: 1, h: 1))
    mask.fill(PixelRect(x: 9, y: 1, w: 1, h: 1))
    mask.merge(
      AlphaMask(width: 2, height: 1, alpha: [47, 48]), x: 3, y: 0)
    // Rows of 10 pixels take 2 bytes each.
    #expect(mask.bitmap(threshold: 48) == [0b0001_0001, 0, 0, 0b0000_0010])
  }

  @Test func mergingKeepsTheStrongerAlphaAndHonoursTheClip() {
    var mask = AlphaMask(width: 4, height: 1, alpha: [0, 200, 0, 0])
    mask.merge(
      AlphaMask(width: 4, height: 1, alpha: [90, 90, 90, 90]), x: -1, y: 0,
      clip: PixelRect(x: 0, y: 0, w: 2, h: 1))
    #expect(mask == AlphaMask(width: 4, height: 1, alpha: [90, 200, 0, 0]))
  }

  @Test func coloursAreReadInHex() {
    #expect(RGBA(hex: "#FFCE54") == RGBA(255, 206, 84))
    #expect(RGBA(hex: "10203040") == RGBA(16, 32, 48, 64))
    #expect(RGBA(hex: "#FFF") == nil)
    #expect(RGBA(hex: "#12345G") == nil)
    #expect(RGBA(hex: "") == nil)
  }
}
