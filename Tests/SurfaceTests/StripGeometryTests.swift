import Foundation
import Surface
import TestSupport
import Testing

@Suite(.tags(.sanitized)) struct StripGeometryTests {
  let geometry = StripGeometry(aspect: 5)

  @Test func defaultIsHalfTheDisplayAtTheBottomCentre() {
    let frame = geometry.defaultFrame(
      displayX: 0, displayY: 0, displayWidth: 1920, displayHeight: 1080)
    #expect(frame.width == 960)
    #expect(frame.height == 192)
    #expect(frame.x == 480)
    #expect(frame.y + frame.height <= 1080)
    #expect(frame.y > 1080 - 192 - 100)
  }

  @Test func defaultWidthStaysBetween480And1600() {
    #expect(
      geometry.defaultFrame(displayX: 0, displayY: 0, displayWidth: 800, displayHeight: 600).width
        == 480)
    #expect(
      geometry.defaultFrame(displayX: 0, displayY: 0, displayWidth: 3840, displayHeight: 2160).width
        == 1600)
    // Never wider than a tiny display.
    #expect(
      geometry.defaultFrame(displayX: 0, displayY: 0, displayWidth: 400, displayHeight: 300).width
        == 400)
  }

  @Test func defaultFrameFollowsTheDisplaysOrigin() {
    let frame = geometry.defaultFrame(
      displayX: 1920, displayY: 0, displayWidth: 1280, displayHeight: 1024)
    #expect(frame.x == 1920 + (1280 - 640) / 2)
  }

  @Test func resizeKeepsTheAspectFollowingTheSideThatChanged() {
    let wider = geometry.constrained(
      width: 1200, height: 192, previousWidth: 960, previousHeight: 192)
    #expect(wider == (1200, 240))
    let taller = geometry.constrained(
      width: 960, height: 300, previousWidth: 960, previousHeight: 192)
    #expect(taller == (1500, 300))
    let tiny = geometry.constrained(width: 100, height: 20, previousWidth: 960, previousHeight: 192)
    #expect(tiny == (StripGeometry.minimumWidth, StripGeometry.minimumWidth / 5))
  }

  @Test func placeholderAspectComesFromThePicture() throws {
    let path = Paths.placeholderImage
    let size = try PNGSize.read(path: path)
    #expect(size.width == 2000)
    #expect(size.height == 400)
  }

  @Test func aMissingPictureIsASentenceThatNamesIt() throws {
    let path = try Paths.makeTemporaryDirectory().appendingPathComponent("gone.png").path
    #expect {
      try PNGSize.read(path: path)
    } throws: { error in
      "\(error)" == "cannot read \(path): no such file"
    }
  }

  @Test func aFileThatIsNotAPNGIsRefused() throws {
    let directory = try Paths.makeTemporaryDirectory()
    let path = directory.appendingPathComponent("fake.png").path
    try Data("not a picture at all, just some text".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: PNGSize.Invalid.self) { try PNGSize.read(path: path) }
  }
}
