import Testing

@testable import Following

/// The followed player's position from its anchors, on instants the tests choose (ns).
@Suite struct FollowedPositionTests {
  static let ms: Int64 = 1_000_000
  static let second: Int64 = 1_000_000_000

  /// Playing from 0 at instant 10 s 4 ms, its first reading answered (1 ms, 1 ms later: a 0
  /// would be held until a reading moves).
  func playing() -> FollowedPosition {
    var position = FollowedPosition(atNanos: 10 * Self.second)
    position.newTrack(lengthNanos: 200 * Self.second, at: 10 * Self.second)
    position.statusChanged(to: .playing, at: 10 * Self.second)
    let verdict = position.read(
      nanos: Self.ms, askedAt: 10 * Self.second, answeredAt: 10 * Self.second + 5 * Self.ms,
      afterChange: true)
    #expect(verdict == .anchored)
    return position
  }

  @Test func movesOnAtTheRateWhilePlayingAndStandsWhilePaused() {
    var position = playing()
    #expect(position.position(at: 12 * Self.second) == 2 * Self.second - 4 * Self.ms)
    position.statusChanged(to: .paused, at: 13 * Self.second)
    let paused = position.position(at: 13 * Self.second)
    #expect(position.position(at: 20 * Self.second) == paused)
    #expect(!position.isAdvancing)
    position.statusChanged(to: .playing, at: 20 * Self.second)
    position.rateChanged(to: 2, at: 20 * Self.second)
    #expect(position.position(at: 21 * Self.second) == paused + 2 * Self.second)
  }

  @Test func neverPastTheEndNorBeforeTheStart() {
    var position = playing()
    #expect(position.position(at: 500 * Self.second) == 200 * Self.second)
    position.seeked(toNanos: -5 * Self.second, at: 20 * Self.second)
    #expect(position.position(at: 20 * Self.second) == 0)
  }

  @Test func seekedTakesThePlayersOwnValueAndAStaleReadingAfterItIsNotBelieved() {
    var position = playing()
    position.seeked(toNanos: 60 * Self.second, at: 15 * Self.second)
    #expect(position.position(at: 15 * Self.second) == 60 * Self.second)
    // The player still answers the old position right after the seek.
    let stale = position.read(
      nanos: 5 * Self.second, askedAt: 15 * Self.second + 100 * Self.ms,
      answeredAt: 15 * Self.second + 102 * Self.ms, afterChange: false)
    #expect(stale == .unchanged)
    #expect(position.position(at: 16 * Self.second) == 61 * Self.second)
  }

  @Test func aReadingAheadWithinTheToleranceRaisesTheAnchorOneBehindDoesNot() {
    var position = playing()
    // Each answer is a lower bound: one further on is closer to the truth.
    #expect(
      position.read(
        nanos: 3 * Self.second + 50 * Self.ms, askedAt: 13 * Self.second,
        answeredAt: 13 * Self.second, afterChange: false) == .anchored)
    #expect(position.position(at: 13 * Self.second) == 3 * Self.second + 50 * Self.ms)
    // 50 ms behind: the position stays; only a reading soon after is asked for (several in a
    // row would move it back).
    #expect(
      position.read(
        nanos: 4 * Self.second, askedAt: 14 * Self.second, answeredAt: 14 * Self.second,
        afterChange: false) == .confirm)
    #expect(position.position(at: 14 * Self.second) == 4 * Self.second + 50 * Self.ms)
  }

  @Test func aPollThatDisagreesIsBelievedOnlyWhenTheNextReadingAgreesWithIt() {
    var position = playing()
    // A player that sends no Seeked was moved to 40 s at instant 12 s.
    let first = position.read(
      nanos: 41 * Self.second, askedAt: 13 * Self.second, answeredAt: 13 * Self.second,
      afterChange: false)
    #expect(first == .confirm)
    #expect(position.position(at: 13 * Self.second) == 3 * Self.second - 4 * Self.ms)
    let second = position.read(
      nanos: 41 * Self.second + 300 * Self.ms, askedAt: 13 * Self.second + 300 * Self.ms,
      answeredAt: 13 * Self.second + 300 * Self.ms, afterChange: false)
    #expect(second == .anchored)
    #expect(position.position(at: 14 * Self.second) == 42 * Self.second)
  }

  /// On a loaded machine a call took 0.5 s: its answer came from anywhere in it. Two such
  /// answers, each 450 ms behind, once moved the position back 450 ms.
  @Test func aSlowAnswerBehindByLessThanItsCallIsNoDisagreement() {
    var position = playing()
    for at in [15 * Self.second, 15 * Self.second + 400 * Self.ms] {
      let behind = position.position(at: at) - 450 * Self.ms
      #expect(
        position.read(
          nanos: behind, askedAt: at - 500 * Self.ms, answeredAt: at, afterChange: false)
          == .unchanged)
    }
    #expect(position.position(at: 16 * Self.second) == 6 * Self.second - 4 * Self.ms)
    // Behind by more than its call and the tolerance: a disagreement still.
    #expect(
      position.read(
        nanos: 6 * Self.second - 600 * Self.ms, askedAt: 16 * Self.second - 500 * Self.ms,
        answeredAt: 16 * Self.second, afterChange: false) == .confirm)
  }

  /// A fast answer far ahead, then a slow one that agrees within its call: believed, at the
  /// fast one (both are lower bounds; the slow one is the staler).
  @Test func aConfirmationByASlowAnswerKeepsTheReadingFurtherOn() {
    var position = playing()
    #expect(
      position.read(
        nanos: 41 * Self.second, askedAt: 13 * Self.second, answeredAt: 13 * Self.second,
        afterChange: false) == .confirm)
    #expect(
      position.read(
        nanos: 41 * Self.second + 100 * Self.ms, askedAt: 13 * Self.second,
        answeredAt: 13 * Self.second + 600 * Self.ms, afterChange: false) == .anchored)
    #expect(position.position(at: 14 * Self.second) == 42 * Self.second)
  }

  @Test func aSingleOddReadingIsNotBelieved() {
    var position = playing()
    #expect(
      position.read(
        nanos: 90 * Self.second, askedAt: 13 * Self.second, answeredAt: 13 * Self.second,
        afterChange: false) == .confirm)
    // Back to what the extrapolation says: the odd one is forgotten.
    #expect(
      position.read(
        nanos: 3 * Self.second + 290 * Self.ms, askedAt: 13 * Self.second + 300 * Self.ms,
        answeredAt: 13 * Self.second + 300 * Self.ms, afterChange: false) == .unchanged)
    #expect(
      position.read(
        nanos: 91 * Self.second, askedAt: 14 * Self.second, answeredAt: 14 * Self.second,
        afterChange: false) == .confirm)
  }

  @Test func aPositionThatStandsStillWhilePlayingHoldsUntilItMoves() {
    // mpv says Playing while it still opens the file: Position stays 0 for a while.
    var position = playing()
    #expect(
      position.read(
        nanos: 0, askedAt: 10 * Self.second + 300 * Self.ms,
        answeredAt: 10 * Self.second + 300 * Self.ms, afterChange: false) == .stalled)
    #expect(!position.isAdvancing)
    #expect(position.position(at: 11 * Self.second) == 0)
    // The sound starts at 11 s: the first moving reading is believed at once.
    #expect(
      position.read(
        nanos: 100 * Self.ms, askedAt: 11 * Self.second + 100 * Self.ms,
        answeredAt: 11 * Self.second + 100 * Self.ms, afterChange: false) == .anchored)
    #expect(position.isAdvancing)
    #expect(position.position(at: 12 * Self.second) == Self.second)
  }

  @Test func aPositionThatNeverMovesWhilePlayingRunsOnFromWhereItStoodStill() {
    var position = playing()
    var at = 10 * Self.second
    var verdicts: [FollowedPosition.Verdict] = []
    // The player answers 0 for ever, read every 0.3 s as the engine does while it stalls.
    while at < 12 * Self.second + 500 * Self.ms {
      at += 300 * Self.ms
      verdicts.append(position.read(nanos: 0, askedAt: at, answeredAt: at, afterChange: false))
      if verdicts.last == .anchored { break }
    }
    #expect(verdicts.dropLast().allSatisfy { $0 == .stalled })
    #expect(verdicts.last == .anchored)
    #expect(position.positionIsFrozen)
    // From 0 at the instant of the first reading of 0, on the clock.
    #expect(position.position(at: 13 * Self.second) == 2 * Self.second + 700 * Self.ms)
    #expect(
      position.read(
        nanos: 0, askedAt: 13 * Self.second, answeredAt: 13 * Self.second, afterChange: false)
        == .unchanged)
    // Nor is its answer after a pause believed.
    position.statusChanged(to: .paused, at: 14 * Self.second)
    #expect(
      position.read(
        nanos: 0, askedAt: 14 * Self.second, answeredAt: 14 * Self.second, afterChange: true)
        == .unchanged)
    #expect(position.position(at: 20 * Self.second) == 3 * Self.second + 700 * Self.ms)
  }

  /// mpv said 0 when asked right after it said Playing, and stood there 40 ms more: run on from
  /// that answer, the position was 40 ms ahead, and every later answer, behind it, was taken
  /// as stale.
  @Test func aReadingOfZeroWhilePlayingIsHeldUntilAReadingMoves() {
    var position = FollowedPosition(atNanos: 10 * Self.second)
    position.newTrack(lengthNanos: 200 * Self.second, at: 10 * Self.second)
    position.statusChanged(to: .playing, at: 10 * Self.second)
    #expect(
      position.read(
        nanos: 0, askedAt: 10 * Self.second, answeredAt: 10 * Self.second + 2 * Self.ms,
        afterChange: true) == .stalled)
    #expect(position.position(at: 10 * Self.second + 300 * Self.ms) == 0)
    #expect(!position.isAdvancing)
    // Its sound started at 10 s 40 ms; the next answer (a little stale) is believed at once.
    #expect(
      position.read(
        nanos: 260 * Self.ms, askedAt: 10 * Self.second + 320 * Self.ms,
        answeredAt: 10 * Self.second + 321 * Self.ms, afterChange: false) == .anchored)
    #expect(position.position(at: 11 * Self.second) == 939 * Self.ms)
  }

  /// mpv at a track change: the new track's Position is negative while the end of the one
  /// before still sounds.
  @Test func aNegativeReadingStartsTheTrackThatMuchLater() {
    var position = FollowedPosition(atNanos: 10 * Self.second)
    position.newTrack(lengthNanos: 200 * Self.second, at: 10 * Self.second)
    position.statusChanged(to: .playing, at: 10 * Self.second)
    #expect(
      position.read(
        nanos: -240 * Self.ms, askedAt: 10 * Self.second, answeredAt: 10 * Self.second,
        afterChange: true) == .anchored)
    #expect(position.position(at: 10 * Self.second + 100 * Self.ms) == 0)
    #expect(position.position(at: 10 * Self.second + 440 * Self.ms) == 200 * Self.ms)
  }

  @Test func aNewTrackStartsAtZeroAndItsFirstReadingIsBelieved() {
    var position = playing()
    position.newTrack(lengthNanos: nil, at: 30 * Self.second)
    #expect(position.position(at: 30 * Self.second) == 0)
    #expect(
      position.read(
        nanos: 150 * Self.ms, askedAt: 30 * Self.second, answeredAt: 30 * Self.second,
        afterChange: true) == .anchored)
    #expect(position.position(at: 31 * Self.second) == Self.second + 150 * Self.ms)
    // No length: no end to stop at.
    #expect(position.position(at: 1_000 * Self.second) > 900 * Self.second)
  }

  /// Readings `lag` behind the position, each answered `call` after it was asked, 0.3 s apart
  /// from 13 s: their verdicts.
  func readingsBehind(
    _ position: inout FollowedPosition, lags: [Int64], call: Int64 = Self.ms, from: Int64 = 13
  ) -> [FollowedPosition.Verdict] {
    var at = from * Self.second
    return lags.map { lag in
      defer { at += 300 * Self.ms }
      return position.read(
        nanos: position.position(at: at) - lag, askedAt: at - call, answeredAt: at,
        afterChange: false)
    }
  }

  @Test func severalReadingsThatAgreeItIsAheadMoveThePositionBack() {
    var position = playing()
    // 50-70 ms behind, each with a 1 ms call: the player really is behind (its sound slipped).
    let verdicts = readingsBehind(&position, lags: [60 * Self.ms, 50 * Self.ms, 70 * Self.ms])
    #expect(verdicts == [.confirm, .confirm, .movedBack])
    // Back to the furthest of the three (each a lower bound), 50 ms behind where it ran.
    let at = 13 * Self.second + 600 * Self.ms
    #expect(position.position(at: at) == at - 10 * Self.second - 4 * Self.ms - 50 * Self.ms)
  }

  @Test func oneReadingThatAgreesKeepsThePositionWhereItRuns() {
    var position = playing()
    let before = position.position(at: 20 * Self.second)
    let lags = [60 * Self.ms, 50 * Self.ms, 2 * Self.ms, 60 * Self.ms, 50 * Self.ms]
    let verdicts = readingsBehind(&position, lags: lags)
    #expect(!verdicts.contains(.movedBack))
    #expect(position.position(at: 20 * Self.second) == before)
  }

  @Test func slowAnswersOrOnesStaleByAStepDoNotMoveItBack() {
    var position = playing()
    let before = position.position(at: 20 * Self.second)
    // Calls of 60 ms under load: 50 ms behind is as good as on time.
    let slow = readingsBehind(
      &position, lags: [50 * Self.ms, 55 * Self.ms, 50 * Self.ms], call: 60 * Self.ms)
    #expect(slow == [.unchanged, .unchanged, .unchanged])
    // Stale answers: mpv's were up to 42 ms behind, two in a row.
    let stale = readingsBehind(&position, lags: [40 * Self.ms, 42 * Self.ms, 38 * Self.ms])
    #expect(stale == [.unchanged, .unchanged, .unchanged])
    #expect(position.position(at: 20 * Self.second) == before)
  }

  @Test func aStaleAnswerAfterASeekedDoesNotCountTowardsMovingBack() {
    var position = playing()
    position.seeked(toNanos: 60 * Self.second, at: 12 * Self.second)
    // In the second after the seek: not believed, not counted.
    _ = readingsBehind(&position, lags: [600 * Self.ms, 60 * Self.ms], from: 12)
    let before = position.position(at: 20 * Self.second)
    let verdicts = readingsBehind(&position, lags: [60 * Self.ms, 2 * Self.ms, 60 * Self.ms])
    #expect(!verdicts.contains(.movedBack))
    #expect(position.position(at: 20 * Self.second) == before)
  }
}
