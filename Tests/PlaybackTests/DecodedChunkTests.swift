import PlayerContract
import TestSupport
import Testing

@testable import Playback

/// What the decoder thread decodes ahead goes out a part at a time, each with the volume and
/// ReplayGain of the moment it goes out, and an epoch's first reads stay small.
@Suite(.tags(.sanitized)) struct DecodedChunkTests {
  static func plan(volume: Float, replayGain: ReplayGainMode = .off) -> ChunkPlan {
    ChunkPlan(epoch: 3, volume: volume, replayGain: replayGain)
  }

  @Test func partsGoOutInOrderTheLastOneShorter() {
    // 5 stereo frames, handed out 2 frames at a time.
    var chunk = DecodedChunk(epoch: 3, samples: (0..<10).map(Float.init), replayGain: nil)
    var parts: [[Float]] = []
    while !chunk.isEmpty {
      parts.append(chunk.take(frames: 2, channels: 2, plan: Self.plan(volume: 1)))
    }
    #expect(parts == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]])
  }

  @Test func aVolumeChangeIsAppliedFromTheNextPartOn() {
    var chunk = DecodedChunk(
      epoch: 3, samples: [Float](repeating: 1, count: 8), replayGain: nil)
    let first = chunk.take(frames: 2, channels: 2, plan: Self.plan(volume: 1))
    let second = chunk.take(frames: 2, channels: 2, plan: Self.plan(volume: 0.25))
    #expect(first == [1, 1, 1, 1])
    #expect(second == [0.25, 0.25, 0.25, 0.25])
  }

  @Test func theTracksReplayGainGoesWithItsSamples() {
    var chunk = DecodedChunk(
      epoch: 3, samples: [Float](repeating: 1, count: 4),
      replayGain: ReplayGain(trackGain: -6.0206, trackPeak: 0.1))
    let halved = chunk.take(frames: 1, channels: 2, plan: Self.plan(volume: 1, replayGain: .track))
    let untouched = chunk.take(frames: 1, channels: 2, plan: Self.plan(volume: 1))
    #expect(halved.allSatisfy { abs($0 - 0.5) < 0.001 }, "\(halved)")
    #expect(untouched == [1, 1])
  }

  @Test func anEpochsReadsStaySmallUntilOneLargeReadsWorth() {
    var ahead = DecodedAhead()
    let small = (0..<5).map { _ in ahead.startsSmall(epoch: 1, frames: 2048, within: 8192) }
    #expect(small == [true, true, true, true, false])
    // A seek: a new epoch starts small again.
    let afterSeek = ahead.startsSmall(epoch: 2, frames: 2048, within: 8192)
    #expect(afterSeek)
  }
}
