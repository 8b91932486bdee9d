import Session
import Testing

@testable import Surface

/// The resize by hand of a canvas strip (no window manager does it): pure arithmetic.
@Suite struct StripEdgeResizeTests {
  let geometry = StripGeometry(aspect: 4)
  let start = WindowGeometry(x: 100, y: 500, width: 800, height: 200)

  @Test func theRightEdgeWidensKeepingTheAspectAndTheTopLeft() {
    let resize = StripEdgeResize(region: .right, pointer: (900, 600), start: start)
    let frame = resize.frame(pointerX: 1020, y: 640, geometry: geometry)
    #expect(frame == WindowGeometry(x: 100, y: 500, width: 920, height: 230))
  }

  @Test func theTopLeftCornerKeepsTheBottomRight() {
    let resize = StripEdgeResize(region: .topLeft, pointer: (100, 500), start: start)
    let frame = resize.frame(pointerX: 0, y: 400, geometry: geometry)
    // The height changed more (by half, the width by an eighth): it leads.
    #expect(frame == WindowGeometry(x: -300, y: 400, width: 1200, height: 300))
    #expect(frame.x + frame.width == start.x + start.width)
    #expect(frame.y + frame.height == start.y + start.height)
  }

  @Test func neverNarrowerThanTheSmallestWidth() {
    let resize = StripEdgeResize(region: .left, pointer: (100, 600), start: start)
    let frame = resize.frame(pointerX: 2000, y: 600, geometry: geometry)
    #expect(frame.width == geometry.smallestWidth)
    #expect(frame.x + frame.width == start.x + start.width)
  }
}
