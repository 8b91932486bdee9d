import RunOptions
import TestSupport
import Testing

@testable import LyricpipApp

/// Which runs give their files to a player that already runs: only a desktop launch.
@Suite(.tags(.sanitized)) struct DesktopLinkTests {
  let display = ["DISPLAY": ":5"]

  func options(_ arguments: [String]) throws -> PlayOptions {
    try #require(try PlayOptions.parse(["song.ogg"] + arguments))
  }

  @Test func aWindowedLaunchOnADisplayHandsOver() throws {
    #expect(DesktopLink.handsOver(try options([]), environment: display))
    #expect(DesktopLink.handsOver(try options(["--pip"]), environment: ["WAYLAND_DISPLAY": "w"]))
  }

  @Test(arguments: [
    ["--no-window"], ["--events", "-"], ["--exit-at-end"], ["--screenshot", "a.png"],
    ["--new-instance"],
  ])
  func scriptedOrOptedOutRunsStayIndependent(_ flags: [String]) throws {
    #expect(!DesktopLink.handsOver(try options(flags), environment: display))
  }

  @Test func withoutADisplayNothingIsHandedOver() throws {
    #expect(!DesktopLink.handsOver(try options([]), environment: ["DISPLAY": ""]))
    #expect(!DesktopLink.handsOver(try options([]), environment: [:]))
  }
}
