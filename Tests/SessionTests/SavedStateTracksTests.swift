import Session
import Testing

@Suite struct SavedStateTracksTests {
  @Test func offsetsAreRememberedPerTrackAndZeroForgets() {
    var state = SavedState()
    state.rememberOffset(250, forTrack: "/a.ogg")
    state.rememberOffset(-100, forTrack: "/b.ogg")
    #expect(state.offsetMs(forTrack: "/a.ogg") == 250)
    #expect(state.offsetMs(forTrack: "/b.ogg") == -100)
    #expect(state.offsetMs(forTrack: "/c.ogg") == 0)
    state.rememberOffset(0, forTrack: "/a.ogg")
    #expect(state.trackOffsetsMs == ["/b.ogg": -100])
  }

  @Test func onlyTheLastTrackResumes() {
    var state = SavedState()
    #expect(state.resumePositionMs(forTrack: "/a.ogg") == nil)
    state.rememberPosition(73_250, inTrack: "/a.ogg")
    #expect(state.resumePositionMs(forTrack: "/a.ogg") == 73_250)
    state.rememberPosition(-5, inTrack: "/b.ogg")
    #expect(state.resumePositionMs(forTrack: "/a.ogg") == nil)
    #expect(state.resumePositionMs(forTrack: "/b.ogg") == nil)
    #expect(state.lastTrack == TrackPosition(path: "/b.ogg", positionMs: 0))
  }
}
