import Clocks
import Desktop
import Locking
import PlayerContract
import Testing

@testable import Following

/// The engine over a fake bus and a manual clock: whom it follows, what it reports, where the
/// position is, what goes back to the player.
@Suite struct FollowedPlayerEngineTests {
  static let ms: Int64 = 1_000_000
  static let second: Int64 = 1_000_000_000
  let mpv = "org.mpris.MediaPlayer2.mpv"
  let other = "org.mpris.MediaPlayer2.other"

  final class Recorder: Sendable {
    let events = Mutex<[PlayerEvent]>([])
    let followed = Mutex<[FollowedPlayer?]>([])
  }

  struct Rig {
    let clock = ManualClock(startNanos: 100 * FollowedPlayerEngineTests.second)
    let bus = FakePlayerBus()
    let engine: FollowedPlayerEngine
    let recorder = Recorder()

    init(chooser: PlayerChooser = PlayerChooser()) {
      engine = FollowedPlayerEngine(bus: bus, clock: clock, chooser: chooser)
      let recorder = recorder
      engine.addObserver { event in recorder.events.withLock { $0.append(event) } }
      engine.addFollowListener { player in recorder.followed.withLock { $0.append(player) } }
      engine.start()
    }

    var events: [PlayerEvent] { recorder.events.withLock { $0 } }

    /// Answers every read asked so far with `micros`, after `delayNanos` on the clock.
    func answerReads(micros: Int64, afterNanos delay: Int64 = 0) {
      let reads = bus.takeReads()
      clock.advance(by: delay)
      for read in reads {
        engine.handle(.position(busName: read.busName, micros: micros, request: read.request))
      }
    }

    /// How long until the next later reading has surely been asked.
    static let nextReadNanos =
      FollowedPlayerEngine.confirmNanos + FollowedPlayerEngine.phaseSpreadNanos

    /// How long the refinements after a change take at most, `refineNanos` and a spread apart.
    static let refinementsNanos =
      Int64(FollowedPlayerEngine.refinementReads)
      * (FollowedPlayerEngine.refineNanos + FollowedPlayerEngine.phaseSpreadNanos)

    /// Lets the readings after a change go by (two `confirmNanos` and a spread apart, then the
    /// refinements), each answered at once with what `truth` says at that instant; returns how
    /// many there were.
    @discardableResult
    func settle(_ truth: (Int64) -> Int64) -> Int {
      var answered = 0
      let step = FollowedPlayerEngineTests.ms
      for _ in 0..<((2 * Self.nextReadNanos + Self.refinementsNanos) / step) {
        clock.advance(by: step)
        let reads = bus.takeReads()
        answered += reads.count
        for read in reads {
          engine.handle(
            .position(
              busName: read.busName, micros: truth(clock.nowNanos) / 1_000,
              request: read.request))
        }
      }
      return answered
    }

    /// A player comes, says who it is and what it plays.
    func appear(
      _ name: String, status: MPRISPlayerChange.Status, track: MPRISTrackMetadata,
      identity: String = "mpv"
    ) {
      engine.handle(.appeared(busName: name))
      engine.handle(.identity(busName: name, identity))
      engine.handle(.changed(busName: name, MPRISPlayerChange(status: status, metadata: track)))
    }
  }

  /// How stale each answer is, in turn (ms), from the start again after the last.
  struct Staleness {
    let ms: [Int64]
    var taken = 0

    init(_ ms: [Int64]) { self.ms = ms }

    mutating func next() -> Int64 {
      defer { taken += 1 }
      return ms[taken % ms.count] * FollowedPlayerEngineTests.ms
    }
  }

  let song = MPRISTrackMetadata(
    trackID: "/mpv/1", title: "Song", artists: ["Someone"], lengthMicros: 180_000_000,
    url: "file:///music/song.flac")
  let next = MPRISTrackMetadata(
    trackID: "/mpv/2", title: "Next", artists: ["Someone"], lengthMicros: 120_000_000,
    url: "file:///music/next.flac")

  @Test func aPlayingPlayerIsFollowedFromThePositionItReports() throws {
    let rig = Rig()
    rig.appear(mpv, status: .playing, track: song)
    #expect(
      rig.recorder.followed.withLock { $0 } == [FollowedPlayer(busName: mpv, identity: "mpv")])
    let info = try #require(rig.engine.currentTrack)
    #expect(info.path == "/music/song.flac")
    #expect(info.durationNanos == 180 * Self.second)
    #expect(rig.engine.state == .playing)
    #expect(rig.engine.outputName == "mpris:\(mpv)")
    rig.answerReads(micros: 42_000_000, afterNanos: 2 * Self.ms)
    // Taken when the answer came (the player cannot have been further then).
    #expect(rig.engine.heardPosition().nanos == 42 * Self.second)
    rig.clock.advance(by: Self.second)
    #expect(rig.engine.heardPosition() == .init(nanos: 43 * Self.second, isAdvancing: true))
    #expect(
      rig.events == [
        .trackChanged(index: 0, info: info), .stateChanged(.playing, positionNanos: 0),
        .outputStarted,
      ])
  }

  @Test func pauseSeekAndNextTrackAreReportedAsThePlayerSaysThem() throws {
    let rig = Rig()
    rig.appear(mpv, status: .playing, track: song)
    rig.answerReads(micros: 500_000)
    rig.clock.advance(by: 1_500 * Self.ms)
    rig.engine.handle(.changed(busName: mpv, MPRISPlayerChange(status: .paused)))
    #expect(rig.engine.state == .paused)
    #expect(rig.engine.heardPosition() == .init(nanos: 2 * Self.second, isAdvancing: false))
    rig.answerReads(micros: 2_000_000)
    rig.engine.handle(.seeked(busName: mpv, micros: 90_000_000))
    #expect(rig.engine.heardPosition().nanos == 90 * Self.second)
    rig.engine.handle(
      .changed(busName: mpv, MPRISPlayerChange(status: .playing, metadata: next)))
    #expect(rig.engine.currentTrack?.title == "Next")
    #expect(rig.engine.heardPosition().nanos == 0)
    let nextInfo = try #require(rig.engine.currentTrack)
    #expect(
      Array(rig.events.suffix(5)) == [
        .stateChanged(.paused, positionNanos: 2 * Self.second), .outputStarted,
        .sought(positionNanos: 90 * Self.second),
        .trackChanged(index: 1, info: nextInfo), .stateChanged(.playing, positionNanos: 0),
      ])
  }

  @Test func theReadAskedBeforeASeekDoesNotUndoIt() {
    let rig = Rig()
    rig.appear(mpv, status: .playing, track: song)
    rig.answerReads(micros: 0)
    rig.engine.handle(.changed(busName: mpv, MPRISPlayerChange(rate: 1.5)))
    // The rate change asked for a reading; the seek comes before its answer (the old place).
    rig.engine.handle(.seeked(busName: mpv, micros: 60_000_000))
    rig.answerReads(micros: 1_000, afterNanos: 5 * Self.ms)
    #expect(rig.engine.heardPosition().nanos == 60 * Self.second + 7_500_000)
  }

  @Test func aPlayerWithoutSeekedIsCaughtUpByThePollAndItsConfirmation() {
    let rig = Rig()
    rig.appear(mpv, status: .playing, track: song)
    let start = rig.clock.nowNanos
    rig.answerReads(micros: 0)
    // The readings after the change (they also check that the position moves).
    rig.settle { $0 - start }
    rig.clock.advance(to: start + FollowedPlayerEngine.pollNanos)
    // Moved to 100 s with no signal.
    rig.answerReads(micros: 100_000_000)
    #expect(rig.engine.heardPosition().nanos == 3 * Self.second)
    // Its confirmation, answered when the clock is 340 ms on.
    rig.clock.advance(by: Rig.nextReadNanos)
    rig.answerReads(micros: 100_340_000)
    #expect(rig.engine.heardPosition().nanos == 100_340_000_000)
    #expect(rig.events.last == .outputStarted)
  }

  @Test func aPlayerThatSaysPlayingBeforeItsSoundStartsIsHeldUntilThePositionMoves() {
    let rig = Rig()
    rig.appear(mpv, status: .playing, track: song)
    rig.answerReads(micros: 0)
    rig.clock.advance(by: Rig.nextReadNanos)
    rig.answerReads(micros: 0)
    #expect(rig.engine.heardPosition() == .init(nanos: 0, isAdvancing: false))
    rig.clock.advance(by: Rig.nextReadNanos)
    rig.answerReads(micros: 0)
    rig.clock.advance(by: Rig.nextReadNanos)
    rig.answerReads(micros: 120_000)
    #expect(rig.engine.heardPosition() == .init(nanos: 120 * Self.ms, isAdvancing: true))
    // Moving now: a few refining readings, then none but the poll (due in these 2 s).
    let moved = rig.clock.nowNanos
    #expect(rig.settle { 120 * Self.ms + $0 - moved } <= FollowedPlayerEngine.refinementReads + 1)
    #expect(rig.bus.takeReads().isEmpty)
  }

  @Test func theReadingsAfterAChangeKeepTheFreshestAnswer() {
    let rig = Rig()
    rig.appear(mpv, status: .playing, track: song)
    let start = rig.clock.nowNanos
    // A Position updated now and then: each answer is some milliseconds old.
    rig.answerReads(micros: 0, afterNanos: 10 * Self.ms)
    #expect(rig.engine.heardPosition().nanos == 0)
    var staleness = Staleness([25, 3, 18, 0, 12, 7])
    rig.settle { now in now - start - staleness.next() }
    #expect(rig.engine.heardPosition().nanos == rig.clock.nowNanos - start)
  }

  /// mpv's `Position` moves on in 20 ms steps. Readings a round 300 ms apart all landed just
  /// before a step, 19 ms stale each: the best of them too.
  @Test func readingsOfAPositionThatMovesInStepsLandAtDifferentPlacesInTheStep() {
    let rig = Rig()
    rig.appear(mpv, status: .playing, track: song)
    let start = rig.clock.nowNanos
    let step = 20 * Self.ms
    // Its steps come 1 ms after each 20 ms of the follower's clock since the start.
    let said = { (now: Int64) in (now - start - Self.ms) / step * step }
    // The first answer comes just before its first step: 19 ms stale.
    rig.answerReads(micros: 0, afterNanos: step - Self.ms)
    rig.settle(said)
    let lag = rig.clock.nowNanos - start - rig.engine.heardPosition().nanos
    #expect(lag >= 0 && lag <= 6 * Self.ms, "\(lag / Self.ms) ms behind")
  }

  /// mpv's `Position` through PulseAudio moves on in steps of about 40-50 ms (10-60 ms in a
  /// 13 ms poll of it): one answer is up to a step stale, and the best of a few still often
  /// 10 ms or more (lines 1-4 of a benchmark run 11.6 ms late until the safety poll).
  @Test func readingsOfAPositionThatMovesInLongStepsFindItsFreshestPlace() {
    for offset in stride(from: Int64(0), to: 45, by: 5) {
      let rig = Rig()
      rig.appear(mpv, status: .playing, track: song)
      let start = rig.clock.nowNanos
      let step = 45 * Self.ms
      // Its steps come `offset` ms after each 45 ms of the follower's clock since the start.
      let said = { (now: Int64) in
        let sinceStep = now - start - offset * Self.ms
        return sinceStep < 0 ? 0 : sinceStep / step * step + offset * Self.ms
      }
      rig.answerReads(micros: said(start + step - Self.ms) / 1_000, afterNanos: step - Self.ms)
      rig.settle(said)
      let lag = rig.clock.nowNanos - start - rig.engine.heardPosition().nanos
      #expect(lag >= 0 && lag <= 8 * Self.ms, "steps at +\(offset) ms: \(lag / Self.ms) ms behind")
    }
  }

  /// mpv answered right after its sound began, then its sound (and its `Position`) slipped
  /// 44 ms behind that answer: every later answer was 52-72 ms behind the follower, which took
  /// each as stale and stayed 44 ms ahead for the whole track.
  @Test func aPlayerThatSlipsBehindItsFirstAnswerIsFollowedBack() {
    let rig = Rig()
    rig.appear(mpv, status: .playing, track: song)
    let start = rig.clock.nowNanos
    rig.answerReads(micros: 28_000, afterNanos: Self.ms)
    let slip = 44 * Self.ms
    var staleness = Staleness([8, 15, 5, 11, 19, 2])
    rig.settle { now in now - start + 28 * Self.ms - slip - staleness.next() }
    let ahead =
      rig.engine.heardPosition().nanos - (rig.clock.nowNanos - start + 28 * Self.ms - slip)
    // On the freshest answer: as close as what the player says allows (2 ms stale).
    #expect(abs(ahead) <= 5 * Self.ms, "\(Double(ahead) / 1e6) ms ahead")
  }

  @Test func aSeekedHandledLateIsRefinedByReadingsOnceThePlayerIsBelievedAgain() {
    let rig = Rig()
    rig.appear(mpv, status: .playing, track: song)
    let start = rig.clock.nowNanos
    rig.answerReads(micros: 0)
    rig.settle { $0 - start }
    // The poll, answered; then the player lands at 60 s 30 ms before its Seeked is handled (a
    // loaded machine), with the next poll not due for a while.
    rig.clock.advance(to: start + FollowedPlayerEngine.pollNanos + 100 * Self.ms)
    rig.answerReads(micros: (rig.clock.nowNanos - start) / 1_000)
    let landed = rig.clock.nowNanos - 30 * Self.ms
    let truth = { (now: Int64) in 60 * Self.second + now - landed }
    rig.engine.handle(.seeked(busName: mpv, micros: 60_000_000))
    #expect(rig.engine.heardPosition().nanos == truth(rig.clock.nowNanos) - 30 * Self.ms)
    // Not read while the player may still answer the old place, then read at once.
    rig.clock.advance(by: FollowedPosition.afterSeekNanos - Self.ms)
    #expect(rig.bus.takeReads().isEmpty)
    rig.clock.advance(by: Self.ms)
    let reads = rig.bus.takeReads()
    #expect(reads.count == 1)
    for read in reads {
      rig.engine.handle(
        .position(
          busName: read.busName, micros: truth(rig.clock.nowNanos) / 1_000,
          request: read.request))
    }
    #expect(rig.engine.heardPosition().nanos == truth(rig.clock.nowNanos))
    // A few more readings keep the freshest, then none but the poll (due in these 2 s).
    #expect(rig.settle(truth) <= FollowedPlayerEngine.refinementReads + 1)
    #expect(rig.engine.heardPosition().nanos == truth(rig.clock.nowNanos))
  }

  /// mpv at a track change says -240 ms while the end of the track before still sounds: the
  /// display is told 0, standing, and told again when the track starts (a front end running
  /// its own clock from "0, advancing" put the strip's lines 274 ms early).
  @Test func beforeTheTracksStartThePositionStandsAtZeroUntilItStarts() {
    let rig = Rig()
    rig.appear(mpv, status: .playing, track: song)
    rig.answerReads(micros: -240_000)
    #expect(rig.engine.heardPosition() == .init(nanos: 0, isAdvancing: false))
    #expect(rig.events.last == .outputStarted)
    let told = rig.events.count
    rig.clock.advance(by: 240 * Self.ms)
    #expect(rig.engine.heardPosition() == .init(nanos: 0, isAdvancing: true))
    #expect(rig.events.count == told + 1 && rig.events.last == .outputStarted)
    rig.clock.advance(by: 100 * Self.ms)
    #expect(rig.engine.heardPosition() == .init(nanos: 100 * Self.ms, isAdvancing: true))
  }

  @Test func thePollRunsOnlyWhileThePlayerPlays() {
    let rig = Rig()
    rig.appear(mpv, status: .paused, track: song)
    rig.answerReads(micros: 5_000_000)
    rig.clock.advance(by: 10 * Self.second)
    #expect(rig.bus.takeReads().isEmpty)
    #expect(rig.engine.heardPosition().nanos == 5 * Self.second)
  }

  @Test func anotherPlayerStartingTakesOverAndAVanishedOneIsLetGo() throws {
    let rig = Rig()
    rig.appear(mpv, status: .playing, track: song)
    rig.appear(other, status: .paused, track: next, identity: "Other")
    #expect(rig.engine.followedPlayer?.busName == mpv)
    rig.engine.handle(.changed(busName: other, MPRISPlayerChange(status: .playing)))
    #expect(rig.engine.followedPlayer == FollowedPlayer(busName: other, identity: "Other"))
    #expect(rig.engine.currentTrack?.title == "Next")
    rig.engine.handle(.vanished(busName: other))
    #expect(rig.engine.followedPlayer?.busName == mpv)
    rig.engine.handle(.vanished(busName: mpv))
    #expect(rig.engine.followedPlayer == nil)
    #expect(rig.engine.state == .stopped)
    #expect(rig.engine.currentTrack == nil)
    #expect(rig.recorder.followed.withLock { $0 }.map { $0?.busName } == [mpv, other, mpv, nil])
    #expect(rig.events.last == .stateChanged(.stopped, positionNanos: 0))
  }

  @Test func commandsGoToTheFollowedPlayer() {
    let rig = Rig()
    rig.engine.play()
    #expect(rig.bus.sent.isEmpty)
    rig.appear(mpv, status: .playing, track: song)
    rig.engine.pause()
    rig.engine.seek(toNanos: 30 * Self.second)
    rig.engine.next()
    #expect(
      rig.bus.sent == [
        .init(command: .pause, busName: mpv),
        .init(command: .setPosition(trackID: "/mpv/1", micros: 30_000_000), busName: mpv),
        .init(command: .next, busName: mpv),
      ])
  }

  @Test func aPinnedPlayerIsTheOnlyOneFollowed() {
    let rig = Rig(chooser: PlayerChooser(pinned: "other"))
    rig.appear(mpv, status: .playing, track: song)
    #expect(rig.engine.followedPlayer == nil)
    rig.appear(other, status: .paused, track: next)
    #expect(rig.engine.followedPlayer?.busName == other)
  }

  @Test func theBusGoingAwayStopsTheFollowing() {
    let rig = Rig()
    rig.appear(mpv, status: .playing, track: song)
    rig.engine.handle(.lost("the bus closed"))
    #expect(rig.engine.followedPlayer == nil)
    #expect(rig.engine.state == .stopped)
  }
}
