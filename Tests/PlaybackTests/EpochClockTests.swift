import TestSupport
import Testing

@testable import Playback

@Suite(.tags(.sanitized)) struct EpochClockTests {
  @Test func heardNeverRunsBackwardsNorBeyondWhatWasWritten() {
    var clock = EpochClock()
    clock.flush(epoch: 3, startingAt: 1_000)
    clock.wrote(frames: 500)
    #expect(clock.heard(frames: 200) == 200)
    // A device's delay that grows again must not move the position back.
    #expect(clock.heard(frames: 150) == 200)
    // Nothing beyond what was written is heard, and nothing before the start.
    #expect(clock.heard(frames: 900) == 500)
    #expect(clock.heardFrame == 1_500)
    #expect(!clock.isBehind)
    #expect(clock.accepts(3) && !clock.accepts(2))
  }

  @Test func aFlushStartsAfreshAndARebaseKeepsTheHeardPosition() {
    var clock = EpochClock()
    clock.flush(epoch: 1, startingAt: 0)
    clock.wrote(frames: 800)
    clock.heard(frames: 300)
    #expect(clock.isBehind)
    clock.rebaseAtHeard()
    #expect(clock.heardFrame == 300 && clock.writtenFrames == 0 && clock.epoch == 1)
    clock.wrote(frames: 100)
    clock.heardAll()
    #expect(clock.heardFrame == 400)
    clock.flush(epoch: 2, startingAt: 48_000)
    #expect(clock.heardFrame == 48_000 && clock.writtenFrames == 0 && clock.playedFrames == 0)
    #expect(clock.heard(frames: -5) == 0)
  }
}
