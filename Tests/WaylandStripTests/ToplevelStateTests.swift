import TestSupport
import Testing
import WaylandStrip

/// wlroots' foreign-toplevel `state` array read into what the strip's fullscreen rule needs.
@Suite(.tags(.sanitized)) struct ToplevelStateTests {
  @Test func activatedAndFullscreenAreReadAndTheOthersLeftOut() {
    // maximized 0, minimized 1, activated 2, fullscreen 3, and one the protocol may add later.
    #expect(ToplevelState(protocolValues: [2, 3]) == [.activated, .fullscreen])
    #expect(ToplevelState(protocolValues: [0, 3]) == [.fullscreen])
    #expect(ToplevelState(protocolValues: [1, 2, 9]) == [.activated])
    #expect(ToplevelState(protocolValues: []) == [])
  }
}
