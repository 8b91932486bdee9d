import Desktop

/// Where another player is in its track, worked out from what it says over MPRIS (a pure value
/// on the follower's monotonic clock; the tests drive it with instants they choose).
///
/// An anchor (a position at an instant) is taken from a `Position` read on every change of
/// track, status or rate, and from `Seeked`'s own value; between anchors the position moves on
/// at `Rate` while Playing. A reading is taken to have been made when its answer came (the
/// player cannot have answered a place it had not reached yet), so each one is a lower bound of
/// the position: one that agrees within `toleranceNanos` and is ahead moves the anchor up to it,
/// one behind changes nothing, unless `behindReadings` in a row are each behind by more than
/// their call and `behindMarginNanos`: then the player really is behind (its sound slipped) and
/// the position moves back to the least behind of them. One that disagrees by more is believed only when a second reading
/// soon after disagrees the same way, and never in the second after a `Seeked` (players answer
/// the old position right after a seek). A reading equal to the one before although the player
/// played in between is a player that says Playing before its sound starts (mpv while it opens
/// the file): the position holds there, not advancing, until a reading moves; so does a reading
/// of 0 while Playing (the player may not have started its sound yet). When it has not
/// moved for `frozenNanos` of playing, it is a player whose `Position` never moves: the position
/// goes on from where it stood still, moved on by the clock, and its readings are not believed.
public struct FollowedPosition: Equatable, Sendable {
  public var status: MPRISPlayerChange.Status = .stopped
  public var rate: Double = 1
  /// The track's length, to stop the extrapolation at the end; nil when the player does not say.
  public var lengthNanos: Int64?
  private var anchorNanos: Int64 = 0
  private var anchorAt: Int64
  /// The last reading that came from the player, and how long it had played by then.
  private var lastReading: (nanos: Int64, played: Int64, at: Int64)?
  /// Where and when the readings stood still, while they do.
  private var stall: (nanos: Int64, at: Int64)?
  /// How long the track had played (in Playing, at any rate) before the last status change.
  private var playedBefore: Int64 = 0
  /// When the status last became Playing; nil while it is not.
  private var playingSince: Int64?
  private var lastSeekAt: Int64?
  /// A poll that disagreed, waiting for a second reading to confirm it: by how much, and how
  /// long its call took.
  private var disagreement: (difference: Int64, call: Int64)?
  /// The readings in a row that each said the position runs ahead of the player (by more than
  /// their call and `behindMarginNanos`): how far behind the least of them was, and how many.
  private var behind: (least: Int64, count: Int)?
  /// Whether the player's `Position` has been seen standing still while it plays.
  public private(set) var positionIsFrozen = false

  /// A disagreement smaller than this is the bus's jitter, not a jump.
  public static let toleranceNanos: Int64 = 80_000_000
  /// A reading behind by more than its call and this much says the position runs ahead of the
  /// player: more than a stale answer is behind (mpv's `Position` moves in 20 ms steps, and in
  /// quiet runs its answers were up to 42 ms stale, twice two in a row), so those are not taken
  /// for one.
  public static let behindMarginNanos: Int64 = 45_000_000
  /// How many such readings in a row move the position back (one stale answer does not).
  public static let behindReadings = 3
  /// Readings in this long after a `Seeked` are not believed.
  public static let afterSeekNanos: Int64 = 1_000_000_000

  public init(atNanos now: Int64) {
    anchorAt = now
  }

  public static func == (left: FollowedPosition, right: FollowedPosition) -> Bool {
    left.status == right.status && left.rate == right.rate && left.anchorNanos == right.anchorNanos
      && left.anchorAt == right.anchorAt && left.lengthNanos == right.lengthNanos
  }

  public var isAdvancing: Bool { status == .playing && stall == nil }

  /// When a negative anchor (the track not started yet) reaches 0 while advancing; nil when
  /// the position is not before the start. Until then the position is 0, standing: a front end
  /// that runs its own clock from "0, advancing" would run that much ahead.
  public var startsAt: Int64? {
    guard anchorNanos < 0, isAdvancing, rate > 0 else { return nil }
    return anchorAt + Int64((Double(-anchorNanos) / rate).rounded(.up))
  }

  /// Whether the position moves at `now`: advancing, and past the track's start.
  public func isAdvancing(at now: Int64) -> Bool {
    guard isAdvancing else { return false }
    return startsAt.map { now >= $0 } ?? true
  }

  /// The position at `now`.
  public func position(at now: Int64) -> Int64 {
    var nanos = anchorNanos
    if isAdvancing, now > anchorAt {
      nanos += Int64((Double(now - anchorAt) * rate).rounded())
    }
    if let lengthNanos, nanos > lengthNanos { nanos = lengthNanos }
    return max(0, nanos)
  }

  // MARK: What the player said

  /// A new track, at `nanos` (0 until its `Position` is read).
  public mutating func newTrack(atNanos nanos: Int64 = 0, lengthNanos: Int64?, at now: Int64) {
    self.lengthNanos = lengthNanos
    lastReading = nil
    stall = nil
    playedBefore = 0
    playingSince = status == .playing ? now : nil
    lastSeekAt = nil
    disagreement = nil
    positionIsFrozen = false
    setAnchor(nanos, at: now)
  }

  /// A new PlaybackStatus: the position stands where it was extrapolated to.
  public mutating func statusChanged(to newStatus: MPRISPlayerChange.Status, at now: Int64) {
    guard newStatus != status else { return }
    setAnchor(position(at: now), at: now)
    playedBefore = played(at: now)
    playingSince = newStatus == .playing ? now : nil
    if newStatus == .stopped { setAnchor(0, at: now) }
    status = newStatus
  }

  public mutating func rateChanged(to newRate: Double, at now: Int64) {
    setAnchor(position(at: now), at: now)
    rate = newRate
  }

  /// `Seeked`, with the player's own new position.
  public mutating func seeked(toNanos nanos: Int64, at now: Int64) {
    setAnchor(nanos, at: now)
    lastSeekAt = now
    lastReading = (nanos, played(at: now), now)
    stall = nil
    disagreement = nil
  }

  /// What a `Position` reading did.
  public enum Verdict: Equatable, Sendable {
    /// The position is now the reading (it may have moved: replan).
    case anchored
    /// It agreed, or was not believed: nothing changed.
    case unchanged
    /// It disagreed once; read again soon to confirm.
    case confirm
    /// It stood still while the player says Playing: the position holds; read again soon.
    case stalled
    /// Readings in a row agreed that it ran ahead of the player: it moved back to the
    /// furthest of them (refine it, as after a change).
    case movedBack
  }

  /// A `Position` reading, asked at `askedAt` and answered at `answeredAt` (when it counts as
  /// taken). `afterChange`: read because the track, status or rate changed (believed at once);
  /// else a poll, a refinement or a confirmation.
  public mutating func read(
    nanos: Int64, askedAt: Int64, answeredAt: Int64, afterChange: Bool
  ) -> Verdict {
    let at = answeredAt
    if let lastSeekAt, askedAt < lastSeekAt + Self.afterSeekNanos { return .unchanged }
    // Once seen frozen, its readings mean nothing for the rest of the track.
    if positionIsFrozen { return .unchanged }
    if let last = lastReading, last.nanos == nanos, played(at: at) - last.played >= Self.stillNanos
    {
      return stoodStill(at: at, since: last)
    }
    if nanos == 0, status == .playing { return heldAtStart(at: at) }
    let leavingStall = stall != nil
    stall = nil
    lastReading = (nanos, played(at: at), at)
    let difference = nanos - position(at: at)
    if afterChange || leavingStall {
      disagreement = nil
      return anchor(answeredAt: answeredAt, difference: difference)
    }
    // The player answered from anywhere in its call: a reading behind by up to the call's
    // length is as good as on time (on a loaded machine calls took 0.5-1.2 s, and two such
    // readings, each 450 ms behind, once moved the lines 450 ms late).
    let call = max(0, answeredAt - askedAt)
    guard difference > Self.toleranceNanos || difference < -(Self.toleranceNanos + call) else {
      disagreement = nil
      if difference < -(call + Self.behindMarginNanos) { return behindAgain(difference) }
      behind = nil
      // A later answer that is further on is a tighter bound; one behind says nothing new.
      guard difference > Self.refinementNanos else { return .unchanged }
      return anchor(answeredAt: answeredAt, difference: difference)
    }
    behind = nil
    // Two readings agree within the tolerance and their calls' lengths; each is a lower bound,
    // so the one further on is kept.
    if let earlier = disagreement,
      abs(earlier.difference - difference) <= Self.toleranceNanos + call + earlier.call
    {
      disagreement = nil
      return anchor(answeredAt: answeredAt, difference: max(earlier.difference, difference))
    }
    disagreement = (difference, call)
    return .confirm
  }

  /// One more reading that says the position runs ahead (the player's sound slipped behind an
  /// early answer: mpv's, by 44 ms, once). Each reading is a lower bound, so after
  /// `behindReadings` of them in a row the position moves back to the least behind; until
  /// then, read again soon.
  private mutating func behindAgain(_ difference: Int64) -> Verdict {
    let least = max(behind?.least ?? difference, difference)
    let count = (behind?.count ?? 0) + 1
    guard count >= Self.behindReadings else {
      behind = (least, count)
      return .confirm
    }
    behind = nil
    anchorNanos += least
    return .movedBack
  }

  private mutating func anchor(answeredAt: Int64, difference: Int64) -> Verdict {
    // Anchored at the answer's instant, with the reading moved on to it. Not clamped at 0:
    // a player that says a negative position (mpv at a track change, -240 ms while the end of
    // the track before still sounds) starts the track that much later; clamped, the new
    // track's lines came 240 ms early. `position(at:)` says 0 until then.
    anchorNanos = position(at: answeredAt) + difference
    anchorAt = answeredAt
    behind = nil
    return .anchored
  }

  /// A reading ahead by less than this is not worth a re-plan.
  static let refinementNanos: Int64 = 500_000

  /// A reading that did not change across this much playing stood still.
  static let stillNanos: Int64 = 100_000_000
  /// Standing still this long while Playing: a `Position` that never moves.
  public static let frozenNanos: Int64 = 2_000_000_000

  /// The same reading again, after some playing: held there, until it has stood still for
  /// `frozenNanos`; then the position runs on from where it stopped.
  private mutating func stoodStill(
    at now: Int64, since last: (nanos: Int64, played: Int64, at: Int64)
  ) -> Verdict {
    disagreement = nil
    let since = stall ?? (last.nanos, last.at)
    guard played(at: now) - last.played < Self.frozenNanos else {
      positionIsFrozen = true
      stall = nil
      setAnchor(since.nanos, at: since.at)
      return .anchored
    }
    stall = since
    setAnchor(last.nanos, at: now)
    return .stalled
  }

  /// A reading of 0 while Playing: the player may not have started its sound yet (mpv said 0
  /// and then stood there 40 ms more; run on from that answer, the lines came 40 ms early, and
  /// every later answer, behind, was taken as stale). Held at 0, not advancing, until a reading
  /// moves; the first 0 is kept as where it stood still, so a `Position` always 0 is still
  /// found frozen.
  private mutating func heldAtStart(at now: Int64) -> Verdict {
    disagreement = nil
    if stall == nil {
      stall = (0, now)
      lastReading = (0, played(at: now), now)
    }
    setAnchor(0, at: now)
    return .stalled
  }

  /// How long the track has been Playing in all by `now` (the time the position moved).
  private func played(at now: Int64) -> Int64 {
    playedBefore + (playingSince.map { max(0, now - $0) } ?? 0)
  }

  private mutating func setAnchor(_ nanos: Int64, at now: Int64) {
    anchorNanos = max(0, nanos)
    anchorAt = now
    behind = nil
  }
}
