import Testing
import WaylandStrip

@Suite(.tags(.sanitized)) struct BufferRectTests {
  @Test func unionIsTheBoundingBoxAndIgnoresEmptyRects() {
    let a = BufferRect(x: 1, y: 1, width: 2, height: 1)
    let b = BufferRect(x: 5, y: 2, width: 2, height: 2)
    #expect(a.union(b) == BufferRect(x: 1, y: 1, width: 6, height: 3))
    #expect(a.union(BufferRect(x: 50, y: 50, width: 0, height: 9)) == a)
    #expect(BufferRect(x: 0, y: 0, width: 0, height: 0).union(b) == b)
  }

  @Test func intersectionClipsToTheBuffer() {
    let whole = BufferRect.whole(width: 8, height: 4)
    #expect(
      BufferRect(x: 6, y: -2, width: 5, height: 4).intersection(whole)
        == BufferRect(x: 6, y: 0, width: 2, height: 2))
    #expect(BufferRect(x: 9, y: 0, width: 2, height: 2).intersection(whole).isEmpty)
  }

  @Test func scalingMultipliesEveryCoordinate() {
    #expect(
      BufferRect(x: 1, y: 2, width: 3, height: 4).scaled(by: 2)
        == BufferRect(x: 2, y: 4, width: 6, height: 8))
  }
}
