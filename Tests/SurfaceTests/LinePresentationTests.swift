import TestSupport
import Testing

@testable import Surface

/// When the `line` event may be written: after the frame that shows the line.
@Suite(.tags(.sanitized)) struct LinePresentationTests {
  @Test func aLineIsReportedAfterTheFrameThatShowsIt() {
    let presentation = LinePresentation()
    presentation.presented(0, by: 7, at: 1.0)
    var reported: [Double] = []
    presentation.whenPresented(1) { reported.append($0) }
    #expect(reported.isEmpty)
    presentation.presented(1, by: 7, at: 2.5)
    #expect(reported == [2.5])
  }

  @Test func aLineAlreadyOnScreenIsReportedWithItsTime() {
    let presentation = LinePresentation()
    presentation.presented(3, by: 7, at: 4.0)
    var reported: [Double] = []
    presentation.whenPresented(3) { reported.append($0) }
    #expect(reported == [4.0])
  }

  @Test func aLineReplacedBeforeItsFrameIsNotReported() {
    let presentation = LinePresentation()
    presentation.presented(0, by: 7, at: 1.0)
    var reported: [Int] = []
    presentation.whenPresented(1) { _ in reported.append(1) }
    presentation.whenPresented(2) { _ in reported.append(2) }
    presentation.presented(2, by: 7, at: 2.0)
    #expect(reported == [2])
  }

  @Test func withNoWindowShowingLyricsTheLineIsReportedAtOnce() {
    let presentation = LinePresentation()
    var count = 0
    presentation.whenPresented(5) { _ in count += 1 }
    #expect(count == 1)
    presentation.presented(5, by: 7, at: 1.0)
    presentation.windowHidden(7)
    presentation.whenPresented(6) { _ in count += 1 }
    #expect(count == 2)
  }
}
