import Clocks
import LyricsCore
import Playback
import PlayerContract
import TestSupport
import Testing

/// Gapless changes of track, in virtual time: the next track follows in the same epoch, with no
/// flush, and becomes current at the exact instant its first frame is heard.
@Suite(.tags(.sanitized)) struct GaplessPlayerTests {
  let second: Int64 = 1_000_000_000
  let millisecond: Int64 = 1_000_000

  func make(_ items: [PlayerItem]) -> (ManualClock, VirtualTimeOutput, Player, EventLog) {
    VirtualPlayerRig(items).parts
  }

  /// 1.005 s is not a whole number of the output's 20 ms periods: the joint falls inside one.
  @Test func theNextTrackBecomesCurrentAtItsFirstHeardFrame() {
    let (clock, output, player, log) = make([
      .silence(name: "a", durationNanos: 1_005 * millisecond),
      .silence(name: "b", durationNanos: 2 * second),
    ])
    player.play()
    clock.advance(by: 1_004 * millisecond)
    #expect(player.currentIndex == 0)
    #expect(player.heardPosition().nanos == 1_004 * millisecond)
    clock.advance(by: millisecond)
    #expect(player.currentIndex == 1)
    #expect(player.heardPosition() == HeardPosition(nanos: 0, isAdvancing: true))
    clock.advance(by: 500 * millisecond)
    #expect(player.heardPosition().nanos == 500 * millisecond)
    clock.advance(by: 2 * second)
    #expect(player.state == .ended)
    #expect(log.trackIndexes == [0, 1])
    // Every frame of both tracks once, and the joint was heard at its instant: no flush
    // restarted the output there (a flush would have dropped what was pulled ahead).
    #expect(output.consumedFrames == 48_000 * 3_005 / 1_000)
  }

  /// Until the joint is heard, the position is the end of the track before: it never says the
  /// new track's frames with the old track's lyrics.
  @Test func thePositionWaitsAtTheEndOfTheTrackBeforeUntilTheJoint() {
    let (clock, _, player, _) = make([
      .silence(name: "a", durationNanos: 1_005 * millisecond),
      .silence(name: "b", durationNanos: 2 * second),
    ])
    player.play()
    // The output pulled beyond 1.005 s already: the switch is decided but not heard.
    clock.advance(by: 1_000 * millisecond)
    #expect(player.heardPosition().nanos == 1_000 * millisecond)
    #expect(player.currentTrack?.path == "a")
  }

  /// A seek while the next track is already being decoded (the last period of the track) goes
  /// back to the track heard; the next one still follows gaplessly at its end.
  @Test func aSeekBeforeTheJointIsHeardStaysInTheTrackHeard() {
    let (clock, output, player, log) = make([
      .silence(name: "a", durationNanos: 1_005 * millisecond),
      .silence(name: "b", durationNanos: second),
    ])
    player.play()
    clock.advance(by: 1_001 * millisecond)
    player.seek(toNanos: 500 * millisecond)
    #expect(player.currentIndex == 0)
    #expect(player.heardPosition().nanos == 500 * millisecond)
    clock.advance(by: 504 * millisecond)
    #expect(player.currentIndex == 0)
    clock.advance(by: millisecond)
    #expect(player.currentIndex == 1)
    #expect(player.heardPosition().nanos == 0)
    clock.advance(by: 2 * second)
    #expect(player.state == .ended)
    #expect(log.trackIndexes == [0, 1])
    #expect(output.consumedFrames > 0)
  }

  /// Tracks shorter than the output's lead: several joints decided before the first is heard,
  /// each announced at its own instant, in order.
  @Test func shortTracksAreAnnouncedInTurn() {
    let (clock, _, player, log) = make([
      .silence(name: "a", durationNanos: 1_001 * millisecond),
      .silence(name: "b", durationNanos: 3 * millisecond),
      .silence(name: "c", durationNanos: 3 * millisecond),
      .silence(name: "d", durationNanos: second),
    ])
    player.play()
    clock.advance(by: 1_002 * millisecond)
    #expect(player.currentTrack?.path == "b")
    #expect(player.heardPosition().nanos == millisecond)
    clock.advance(by: 3 * millisecond)
    #expect(player.currentTrack?.path == "c")
    clock.advance(by: 3 * millisecond)
    #expect(player.currentTrack?.path == "d")
    #expect(player.heardPosition().nanos == millisecond)
    #expect(log.trackIndexes == [0, 1, 2, 3])
  }

  /// A next track that cannot be opened is not reported ahead of time: it is skipped (and
  /// reported) at the end of the track before, as without gapless.
  @Test func anUnopenableNextTrackIsReportedWhenItsTurnComes() {
    let (clock, _, player, log) = make([
      .silence(name: "a", durationNanos: second),
      .file("/nonexistent/missing.flac"),
      .silence(name: "c", durationNanos: second),
    ])
    player.play()
    clock.advance(by: 500 * millisecond)
    #expect(!log.all.contains { if case .trackFailed = $0 { true } else { false } })
    clock.advance(by: 500 * millisecond)
    #expect(player.currentTrack?.path == "c")
    #expect(log.all.contains { if case .trackFailed = $0 { true } else { false } })
    clock.advance(by: 2 * second)
    #expect(player.state == .ended)
  }

  /// Skipping while the next track is opened ahead: the skip wins, and what follows the new
  /// track is the entry after it.
  @Test func aSkipDropsTheTrackOpenedAhead() {
    let (clock, _, player, log) = make([
      .silence(name: "a", durationNanos: second),
      .silence(name: "b", durationNanos: second),
      .silence(name: "c", durationNanos: second),
    ])
    player.play()
    clock.advance(by: 500 * millisecond)
    player.next()
    #expect(player.currentTrack?.path == "b")
    clock.advance(by: second)
    #expect(player.currentTrack?.path == "c")
    #expect(player.heardPosition().nanos == 0)
    #expect(log.trackIndexes == [0, 1, 2])
  }
}
