import Clocks
import Dispatch
import Foundation
import Locking
import LyricsCore
import Playback
import PlayerContract
import TestSupport
import Testing

/// The real `Player` driven by a `ManualClock` through `VirtualTimeOutput`: no threads, no sleep.
@Suite(.tags(.sanitized)) struct VirtualPlayerTests {
  let format = VirtualPlayerRig.format
  let second: Int64 = 1_000_000_000

  func make(_ items: [PlayerItem]) -> (ManualClock, VirtualTimeOutput, Player, EventLog) {
    VirtualPlayerRig(items).parts
  }

  @Test func positionFollowsTheClockExactly() {
    let (clock, _, player, _) = make([.silence(name: "a", durationNanos: 10 * second)])
    player.play()
    #expect(player.heardPosition() == HeardPosition(nanos: 0, isAdvancing: true))
    clock.advance(by: 1_250_000_000)
    #expect(player.heardPosition() == HeardPosition(nanos: 1_250_000_000, isAdvancing: true))
  }

  @Test func pauseHoldsThePositionAndPlayResumes() {
    let (clock, _, player, log) = make([.silence(name: "a", durationNanos: 10 * second)])
    player.play()
    clock.advance(by: second)
    player.pause()
    clock.advance(by: 5 * second)
    #expect(player.heardPosition() == HeardPosition(nanos: second, isAdvancing: false))
    player.play()
    clock.advance(by: second)
    #expect(player.heardPosition().nanos == 2 * second)
    #expect(log.states == [.playing, .paused, .playing])
  }

  @Test func seekLandsExactlyAndKeepsPlaying() {
    let (clock, _, player, log) = make([.silence(name: "a", durationNanos: 10 * second)])
    player.play()
    clock.advance(by: second)
    player.seek(toNanos: 7_500_000_000)
    #expect(player.heardPosition().nanos == 7_500_000_000)
    clock.advance(by: second)
    #expect(player.heardPosition().nanos == 8_500_000_000)
    #expect(log.all.contains(.sought(positionNanos: 7_500_000_000)))
  }

  @Test func endsAtTheLastFrameAndMovesThroughTheQueue() {
    let (clock, output, player, log) = make([
      .silence(name: "a", durationNanos: 2 * second),
      .silence(name: "b", durationNanos: 3 * second),
    ])
    player.play()
    clock.advance(by: 2 * second - 1_000_000)
    #expect(player.currentIndex == 0)
    clock.advance(by: 1_000_000)
    #expect(player.currentIndex == 1)
    #expect(player.heardPosition().nanos == 0)
    clock.advance(by: 3 * second)
    #expect(player.state == .ended)
    #expect(log.trackIndexes == [0, 1])
    #expect(log.states == [.playing, .ended])
    // Every frame of both tracks was consumed, once.
    #expect(output.consumedFrames == 5 * 48_000)
  }

  @Test func nextPreviousAndStop() {
    let (clock, _, player, log) = make([
      .silence(name: "a", durationNanos: 10 * second),
      .silence(name: "b", durationNanos: 10 * second),
    ])
    player.play()
    clock.advance(by: second)
    player.next()
    #expect(player.currentIndex == 1)
    clock.advance(by: second)
    // Within 3 s of the start, previous goes back a track.
    player.previous()
    #expect(player.currentIndex == 0)
    clock.advance(by: 4 * second)
    // Later, it restarts the track.
    player.previous()
    #expect(player.currentIndex == 0)
    #expect(player.heardPosition().nanos == 0)
    player.stop()
    #expect(player.state == .stopped)
    clock.advance(by: second)
    #expect(player.heardPosition() == HeardPosition(nanos: 0, isAdvancing: false))
    #expect(log.trackIndexes == [0, 1, 0])
  }

  @Test func unopenableTracksAreSkipped() {
    let (clock, _, player, log) = make([
      .file("/nonexistent/missing.mp3"),
      .silence(name: "b", durationNanos: second),
    ])
    player.play()
    #expect(player.currentIndex == 1)
    clock.advance(by: 2 * second)
    #expect(player.state == .ended)
    #expect(log.all.contains { if case .trackFailed = $0 { true } else { false } })
  }

  /// A script run or a test that never calls `close()` must still free both: the output holds
  /// the player it pulls from weakly, so they do not keep each other alive.
  @Test func playerAndOutputAreFreedWithoutClose() {
    let clock = ManualClock()
    weak var weakPlayer: Player?
    weak var weakOutput: VirtualTimeOutput?
    do {
      let output = VirtualTimeOutput(clock: clock, format: format)
      let player = Player(output: output, clock: clock)
      player.load([.silence(name: "a", durationNanos: 10 * second)])
      player.play()
      clock.advance(by: second)
      weakPlayer = player
      weakOutput = output
    }
    #expect(weakPlayer == nil)
    #expect(weakOutput == nil)
  }
}

extension VirtualPlayerTests {
  /// Whoever sets the volume, observers hear of a change once; it stays within 0…1.
  @Test func volumeChangesAreReportedOnceAndClamped() {
    let (_, _, player, log) = make([.silence(name: "a", durationNanos: second)])
    player.setVolume(0.5)
    player.setVolume(0.5)
    player.volume = 7
    player.setVolume(-1)
    #expect(player.volume == 0)
    let volumes = log.all.compactMap { if case .volumeChanged(let v) = $0 { v } else { nil } }
    #expect(volumes == [0.5, 1, 0])
  }
}
