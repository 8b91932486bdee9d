import Session
import Surface
import Testing

/// Which monitor the strip belongs on, and where a saved strip goes, without a display.
@Suite struct StripPlacementTests {
  let left = ScreenMonitor(name: "left", x: 0, y: 0, width: 1280, height: 1080)
  let right = ScreenMonitor(name: "right", x: 1280, y: 0, width: 1920, height: 1080)
  let geometry = StripGeometry(aspect: 5)

  @Test func theMainWindowsMonitorHoldsItsCentre() {
    let main = WindowGeometry(x: 1000, y: 100, width: 800, height: 600)
    #expect(StripPlacement.monitor(of: main, among: [left, right]) == right)
    let half = WindowGeometry(x: -500, y: 100, width: 800, height: 600)
    #expect(StripPlacement.monitor(of: half, among: [left, right]) == left)
    #expect(StripPlacement.monitor(of: nil, among: [right, left]) == right)
    #expect(StripPlacement.monitor(of: main, among: []) == nil)
  }

  @Test func theDefaultFrameIsAtTheBottomCentreOfTheMonitor() {
    let frame = geometry.defaultFrame(on: right)
    #expect(frame == WindowGeometry(x: 1280 + 480, y: 1080 - 192 - 54, width: 960, height: 192))
  }

  @Test func aSavedStripGoesBackToItsMonitorFoundByNameOrPlace() {
    let saved = WindowGeometry(x: 1400, y: 300, width: 600, height: 120)
    let kept = StripPlacement.restored(
      saved, on: right, among: [left, right], fallback: left, geometry: geometry)
    #expect(kept == saved)
    // The same monitor under a new name, at the same place: found by its place.
    var renamed = right
    renamed.name = "DP-2"
    #expect(
      StripPlacement.restored(
        saved, on: right, among: [left, renamed], fallback: left, geometry: geometry) == saved)
    // The monitor moved to the left of the other: the strip moves with it.
    let moved = ScreenMonitor(name: "right", x: -1920, y: 0, width: 1920, height: 1080)
    #expect(
      StripPlacement.restored(
        saved, on: right, among: [left, moved], fallback: left, geometry: geometry)
        == WindowGeometry(x: 1400 - 3200, y: 300, width: 600, height: 120))
  }

  @Test func aStripWhoseMonitorIsGoneGoesToTheFallbackKeepingItsWidth() {
    let saved = WindowGeometry(x: 1400, y: 300, width: 600, height: 120)
    let placed = StripPlacement.restored(
      saved, on: right, among: [left], fallback: left, geometry: geometry)
    #expect(placed == WindowGeometry(x: 340, y: 1080 - 120 - 54, width: 600, height: 120))
    // A place saved before monitors were kept stays where it is on one, else moves.
    #expect(
      StripPlacement.restored(
        saved, on: nil, among: [left, right], fallback: left, geometry: geometry)
        == saved)
    #expect(
      StripPlacement.restored(saved, on: nil, among: [left], fallback: left, geometry: geometry)
        == placed)
  }

  @Test func aStripIsKeptInsideItsMonitor() {
    let frame = WindowGeometry(x: 2800, y: 1000, width: 600, height: 120)
    #expect(
      StripPlacement.kept(frame, inside: right)
        == WindowGeometry(x: 3200 - 600, y: 1080 - 120, width: 600, height: 120))
    #expect(!StripPlacement.isOnAMonitor(frame, among: [left]))
    #expect(StripPlacement.isOnAMonitor(frame, among: [left, right]))
  }

  @Test func theScaleGrowsTheDefaultAndSmallestWidths() {
    let scaled = StripGeometry(aspect: 5, scale: 2)
    #expect(scaled.smallestWidth == 640)
    #expect(scaled.defaultFrame(on: left).width == 960)
    #expect(geometry.defaultFrame(on: left).width == 640)
    #expect(
      scaled.constrained(width: 400, height: 80, previousWidth: 960, previousHeight: 192).width
        == 640)
  }
}

@Suite struct DisplayScaleTests {
  @Test func xftDPIIsReadFromTheResources() {
    let resources = "Xcursor.size:\t24\nXft.dpi:\t192\nXft.antialias:\t1\n"
    #expect(DisplayScale.xftDPI(inResources: resources) == 192)
    #expect(DisplayScale.xftDPI(inResources: "Xft.dpi: lots\n") == nil)
    #expect(DisplayScale.xftDPI(inResources: "") == nil)
  }

  @Test func theSettingWinsThenXftDPIThenOne() {
    #expect(DisplayScale.choose(setting: 1.5, resources: "Xft.dpi: 192") == 1.5)
    #expect(DisplayScale.choose(setting: nil, resources: "Xft.dpi: 144") == 1.5)
    #expect(DisplayScale.choose(setting: nil, resources: "Xft.dpi: 2000") == 4)
    #expect(DisplayScale.choose(setting: nil, resources: nil) == 1)
  }
}
