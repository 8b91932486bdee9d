import Clocks
import Desktop
import Locking
import PlayerContract

/// Another player followed over MPRIS, as the session's position source and transport (it has
/// no queue or volume of ours to fill or set: the session leaves those out). The position is
/// `FollowedPosition`'s (anchored on what the player says, moved on by the clock), the state and
/// the track are the followed player's, and the transport commands go to it over the bus. Which
/// player is `PlayerChooser`'s choice, made again on everything the bus says.
///
/// Threads: `handle` runs on the bus client's thread, the only one that reports `PlayerEvent`s,
/// so they come in order; the poll runs on the clock; the session reads the position from any
/// thread. All of it under one lock, never held while calling the bus or an observer.
public final class FollowedPlayerEngine: FollowablePlayer {
  /// The slow safety poll of `Position`, for players that never send `Seeked`.
  public static let pollNanos: Int64 = 3_000_000_000
  /// The next reading: one that confirms a poll that disagreed, refines the anchor after a
  /// change, or waits for a stalled position to move.
  public static let confirmNanos: Int64 = 300_000_000
  /// Readings after each change (and after a seek, once readings are believed again),
  /// `refineNanos` and a spread apart: each answer is a lower bound of the position, so the best
  /// of several is closer than one (a player's `Position` is only as fresh as its last update).
  /// mpv's, through PulseAudio, moves on in steps of about 40-50 ms: the best of 4 readings was
  /// still 9-14 ms stale for some places of the steps (and the lines stayed that late until the
  /// safety poll, 3 s on); of 10, within 8 ms for every place (`FollowedPlayerEngineTests`).
  public static let refinementReads = 10
  /// How long after a refinement's answer the next refinement is asked (and a spread): ten of
  /// them are over within about 1.4 s, before the second line of most songs.
  public static let refineNanos: Int64 = 100_000_000
  /// Each later reading (a refinement, a confirmation, the poll) comes up to this much after its
  /// nominal delay, by a different amount each time. A player's `Position` moves on in steps
  /// (mpv's every 20 ms in one run, 10-60 ms in another), so a reading is stale by where in a
  /// step it lands; readings a round 300 ms or 3 s apart all landed at the same place in the
  /// step (the same 20 ms stale, for the whole track), so the best of them was no better than
  /// one.
  public static let phaseSpreadNanos: Int64 = 40_000_000

  private struct Facts {
    var identity: String?
    var processID: Int32?
    var metadata = MPRISTrackMetadata()
    var rate: Double = 1
  }
  private struct Read {
    var busName: String
    var generation: Int
    var askedAt: Int64
    var afterChange: Bool
  }
  private struct State {
    var chooser: PlayerChooser
    var facts: [String: Facts] = [:]
    var followed: String?
    var position: FollowedPosition
    var track: TrackInfo?
    var metadata = MPRISTrackMetadata()
    var trackIndex = -1
    /// Bumped on every new track or player: answers to older reads are dropped.
    var generation = 0
    var reads: [Int: Read] = [:]
    var nextRead = 0
    /// How many later readings were planned, for `phaseSpreadNanos`.
    var laterReads = 0
    /// Refinement readings still to make after the last change.
    var refinementsLeft = 0
    var listeners = Listeners()
    var poll: ScheduledWork?
    var stopped = false
  }
  private struct Listeners {
    var observers: [@Sendable (PlayerEvent) -> Void] = []
    var followed: [@Sendable (FollowedPlayer?) -> Void] = []
    var anchors: [@Sendable (FollowAnchor) -> Void] = []
  }
  /// What one step decided to tell, in order, once the lock is let go.
  private enum Out {
    case anchor(FollowAnchor)
    case event(PlayerEvent)
    case followed(FollowedPlayer?)
    case read(busName: String, request: Int)
    /// Read again in `afterNanos`: `confirmNanos` and a spread (a poll disagreed, a change to
    /// check, a stall).
    case readSoon(afterNanos: Int64)
    /// Read again once the player's readings are believed after a seek.
    case readAfterSeek
    /// Tell the observers at this instant that the position moves (it reaches the track's start
    /// then), unless the track changed by then.
    case startedAt(Int64, generation: Int)
  }

  private let bus: any MPRISPlayerBus
  private let clock: EventClock
  private let locked: Mutex<State>

  public init(bus: any MPRISPlayerBus, clock: EventClock, chooser: PlayerChooser) {
    self.bus = bus
    self.clock = clock
    locked = Mutex(State(chooser: chooser, position: FollowedPosition(atNanos: clock.nowNanos)))
  }

  /// Starts the safety poll.
  public func start() {
    schedulePoll()
  }

  /// Ends the poll; nothing is followed any more.
  public func shutdown() {
    locked.withLock {
      $0.stopped = true
      $0.poll?.cancel()
    }
  }

  /// Calls `listener` with the player followed each time it changes (nil: none), before the
  /// events of its track.
  public func addFollowListener(_ listener: @escaping @Sendable (FollowedPlayer?) -> Void) {
    locked.withLock { $0.listeners.followed.append(listener) }
  }

  /// Calls `listener` with every `Position` answer and `Seeked` of the followed player and
  /// what it did to the position (`LYRICPIP_FOLLOW_TRACE`).
  public func addAnchorListener(_ listener: @escaping @Sendable (FollowAnchor) -> Void) {
    locked.withLock { $0.listeners.anchors.append(listener) }
  }

  public var followedPlayer: FollowedPlayer? {
    locked.withLock { state in state.followed.map { Self.player($0, state) } }
  }

  // MARK: FollowablePlayer

  public func heardPosition() -> HeardPosition {
    let now = clock.nowNanos
    return locked.withLock { state in
      guard state.followed != nil else { return HeardPosition(nanos: 0, isAdvancing: false) }
      return HeardPosition(
        nanos: state.position.position(at: now), isAdvancing: state.position.isAdvancing(at: now))
    }
  }

  public var state: PlayerState {
    locked.withLock { $0.followed == nil ? .stopped : $0.position.status.playerState }
  }

  public var currentTrack: TrackInfo? { locked.withLock { $0.track } }

  public var outputName: String {
    locked.withLock { $0.followed.map { "mpris:\($0)" } ?? "mpris" }
  }

  public func play() { command(.play) }
  public func pause() { command(.pause) }
  public func stop() { command(.stop) }
  public func next() { command(.next) }
  public func previous() { command(.previous) }

  public func seek(toNanos nanos: Int64) {
    let target: (String, String)? = locked.withLock { state in
      guard let followed = state.followed, let id = state.metadata.trackID else { return nil }
      return (followed, id)
    }
    guard let (busName, trackID) = target else { return }
    bus.send(.setPosition(trackID: trackID, micros: max(0, nanos) / 1_000), to: busName)
  }

  public func addObserver(_ observer: @escaping @Sendable (PlayerEvent) -> Void) {
    locked.withLock { $0.listeners.observers.append(observer) }
  }

  private func command(_ command: MPRISCommand) {
    guard let busName = locked.withLock({ $0.followed }) else { return }
    bus.send(command, to: busName)
  }

  // MARK: What the bus said

  /// One event of the bus client (its thread).
  public func handle(_ event: MPRISClientEvent) {
    let now = clock.nowNanos
    let (outs, listeners) = locked.withLock { state in
      var outs: [Out] = []
      switch event {
      case .appeared(let name):
        state.chooser.appeared(name)
        state.facts[name] = state.facts[name] ?? Facts()
      case .identity(let name, let identity):
        state.chooser.identified(name, as: identity)
        state.facts[name, default: Facts()].identity = identity
        if name == state.followed { outs.append(.followed(Self.player(name, state))) }
      case .processID(let name, let pid):
        state.facts[name, default: Facts()].processID = pid
      case .changed(let name, let change):
        Self.note(change, of: name, in: &state)
        if name == state.followed { Self.apply(change, at: now, to: &state, &outs) }
      case .seeked(let name, let micros):
        if name == state.followed {
          let before = state.position.position(at: now)
          state.position.seeked(toNanos: micros * 1_000, at: now)
          outs.append(
            .anchor(
              FollowAnchor(
                source: .seeked, saidNanos: micros * 1_000, askedAt: nil, handledAt: now,
                beforeNanos: before, afterNanos: state.position.position(at: now),
                verdict: "seeked")))
          outs.append(.event(.sought(positionNanos: micros * 1_000)))
          // Its value counts as taken when the signal was handled, which a loaded machine
          // makes tens of milliseconds late (mpv's came 37 ms late beside the strip): refined
          // by readings as after a change, from when they are believed again.
          state.refinementsLeft = Self.refinementReads
          outs.append(.readAfterSeek)
        }
      case .position(let name, let micros, let request):
        Self.answered(request, name: name, micros: micros, at: now, in: &state, &outs)
      case .vanished(let name):
        state.chooser.vanished(name)
        state.facts[name] = nil
      case .lost:
        state.chooser = PlayerChooser(pinned: state.chooser.pinned, ignored: state.chooser.ignored)
        state.facts = [:]
      }
      Self.choose(at: now, in: &state, &outs)
      return (outs, state.listeners)
    }
    send(outs, to: listeners, at: now)
  }

  /// The players not to follow, as the settings now say (read again on SIGHUP): an ignored
  /// player followed now is left, one no longer ignored may be followed.
  public func ignore(_ names: [String]) {
    let now = clock.nowNanos
    let (outs, listeners) = locked.withLock { state in
      var outs: [Out] = []
      state.chooser.ignored = names
      Self.choose(at: now, in: &state, &outs)
      return (outs, state.listeners)
    }
    send(outs, to: listeners, at: now)
  }

  /// What a change made, outside the lock: events to the observers, the followed player to the
  /// listeners, and reads of the position.
  private func send(_ outs: [Out], to listeners: Listeners, at now: Int64) {
    for out in outs {
      switch out {
      case .anchor(let anchor): for listener in listeners.anchors { listener(anchor) }
      case .event(let event): for observer in listeners.observers { observer(event) }
      case .followed(let player): for listener in listeners.followed { listener(player) }
      case .read(let busName, let request): bus.readPosition(of: busName, request: request)
      case .readSoon(let delay):
        clock.schedule(at: now + delay) { [weak self] in self?.readWhilePlaying() }
      case .startedAt(let instant, let generation):
        clock.schedule(at: instant) { [weak self] in self?.started(generation: generation) }
      case .readAfterSeek:
        clock.schedule(at: now + FollowedPosition.afterSeekNanos) { [weak self] in
          self?.readWhilePlaying()
        }
      }
    }
  }

  /// What a player's properties say, whether it is followed or not: for the choice.
  private static func note(_ change: MPRISPlayerChange, of name: String, in state: inout State) {
    if let status = change.status { state.chooser.statusChanged(name, to: status) }
    if name != state.followed {
      if let metadata = change.metadata { state.facts[name, default: Facts()].metadata = metadata }
      if let rate = change.rate { state.facts[name, default: Facts()].rate = rate }
    }
  }

  /// The followed player's change: a new track, then the status, then the rate; the position
  /// is read again after any of them.
  private static func apply(
    _ change: MPRISPlayerChange, at now: Int64, to state: inout State, _ outs: inout [Out]
  ) {
    guard let name = state.followed else { return }
    var changed = false
    if let metadata = change.metadata {
      state.facts[name, default: Facts()].metadata = metadata
      if !metadata.isSameTrack(as: state.metadata) {
        newTrack(metadata, at: now, in: &state, &outs)
        changed = true
      } else {
        state.metadata = metadata
        state.track = metadata.trackInfo
        state.position.lengthNanos = metadata.lengthMicros.map { $0 * 1_000 }
      }
    }
    if let status = change.status, status != state.position.status {
      state.position.statusChanged(to: status, at: now)
      outs.append(
        .event(.stateChanged(status.playerState, positionNanos: state.position.position(at: now))))
      changed = true
    }
    if let rate = change.rate, rate != state.position.rate {
      state.facts[name, default: Facts()].rate = rate
      state.position.rateChanged(to: rate, at: now)
      changed = true
    }
    if changed { read(name, afterChange: true, at: now, in: &state, &outs) }
  }

  private static func newTrack(
    _ metadata: MPRISTrackMetadata, at now: Int64, in state: inout State, _ outs: inout [Out]
  ) {
    state.metadata = metadata
    state.track = metadata.trackInfo
    state.trackIndex += 1
    state.generation += 1
    state.position.newTrack(lengthNanos: metadata.lengthMicros.map { $0 * 1_000 }, at: now)
    outs.append(.event(.trackChanged(index: state.trackIndex, info: metadata.trackInfo)))
  }

  /// Follows whom the chooser says now; a change of player is a new track in the session.
  private static func choose(at now: Int64, in state: inout State, _ outs: inout [Out]) {
    let choice = state.chooser.choose()
    guard choice != state.followed else { return }
    state.followed = choice
    state.generation += 1
    guard let name = choice else {
      state.track = nil
      state.metadata = MPRISTrackMetadata()
      outs.append(.followed(nil))
      if state.position.status != .stopped {
        state.position.statusChanged(to: .stopped, at: now)
        outs.append(.event(.stateChanged(.stopped, positionNanos: 0)))
      }
      return
    }
    outs.append(.followed(player(name, state)))
    let facts = state.facts[name] ?? Facts()
    state.position = FollowedPosition(atNanos: now)
    state.position.rate = facts.rate
    newTrack(facts.metadata, at: now, in: &state, &outs)
    let status = state.chooser.status(of: name) ?? .stopped
    state.position.statusChanged(to: status, at: now)
    outs.append(.event(.stateChanged(status.playerState, positionNanos: 0)))
    read(name, afterChange: true, at: now, in: &state, &outs)
  }

  private static func read(
    _ name: String, afterChange: Bool, at now: Int64, in state: inout State, _ outs: inout [Out]
  ) {
    let request = state.nextRead
    state.nextRead += 1
    state.reads[request] = Read(
      busName: name, generation: state.generation, askedAt: now, afterChange: afterChange)
    outs.append(.read(busName: name, request: request))
  }

  private static func answered(
    _ request: Int, name: String, micros: Int64?, at now: Int64, in state: inout State,
    _ outs: inout [Out]
  ) {
    guard let read = state.reads.removeValue(forKey: request), let micros,
      read.busName == name, name == state.followed, read.generation == state.generation
    else { return }
    let before = state.position.position(at: now)
    let verdict = state.position.read(
      nanos: micros * 1_000, askedAt: read.askedAt, answeredAt: now,
      afterChange: read.afterChange)
    outs.append(
      .anchor(
        FollowAnchor(
          source: read.afterChange ? .change : .read, saidNanos: micros * 1_000,
          askedAt: read.askedAt, handledAt: now, beforeNanos: before,
          afterNanos: state.position.position(at: now), verdict: "\(verdict)")))
    switch verdict {
    case .anchored:
      // Not a seek of the listener's: the display re-plans silently from the new position.
      outs.append(.event(.outputStarted))
      // Before the track's start (a negative reading): the display re-plans again there.
      if let starts = state.position.startsAt {
        outs.append(.startedAt(starts, generation: state.generation))
      }
      // After a change: refine, which also checks that the position really moves (players
      // say Playing before their sound starts).
      if read.afterChange { state.refinementsLeft = Self.refinementReads }
      refine(&state, &outs)
    case .unchanged:
      if !read.afterChange { refine(&state, &outs) }
    case .stalled:
      outs.append(.event(.outputStarted))
      // Once it moves, that reading is refined as after a change.
      state.refinementsLeft = Self.refinementReads
      outs.append(readSoon(&state))
    case .confirm:
      outs.append(readSoon(&state))
    case .movedBack:
      outs.append(.event(.outputStarted))
      // The least behind of those readings may itself be stale: refined as after a change.
      state.refinementsLeft = Self.refinementReads
      refine(&state, &outs)
    }
  }

  private static func refine(_ state: inout State, _ outs: inout [Out]) {
    guard state.position.status == .playing, state.refinementsLeft > 0 else { return }
    state.refinementsLeft -= 1
    outs.append(.readSoon(afterNanos: refineNanos + spread(&state)))
  }

  /// The next reading, `confirmNanos` and a spread from now.
  private static func readSoon(_ state: inout State) -> Out {
    .readSoon(afterNanos: confirmNanos + spread(&state))
  }

  /// How much later than nominal the next later reading comes: the fractional parts of k·φ
  /// (k = 0, 1, 2…) scaled to `phaseSpreadNanos`, so that no run of readings keeps landing at
  /// one place in the player's steps, whatever their length (up to the spread); 0 for the
  /// first, the poll at the start.
  private static func spread(_ state: inout State) -> Int64 {
    let goldenFraction = 0.618_033_988_749_894_9
    let k = Double(state.laterReads)
    state.laterReads += 1
    let fraction = (k * goldenFraction).truncatingRemainder(dividingBy: 1)
    return Int64(fraction * Double(phaseSpreadNanos))
  }

  private static func player(_ name: String, _ state: State) -> FollowedPlayer {
    FollowedPlayer(
      busName: name, identity: state.facts[name]?.identity ?? state.chooser.identity(of: name),
      processID: state.facts[name]?.processID)
  }

  // MARK: The safety poll

  private func schedulePoll() {
    let delay = Self.pollNanos + locked.withLock { Self.spread(&$0) }
    let work = clock.schedule(at: clock.nowNanos + delay) { [weak self] in self?.pollNow() }
    let keep = locked.withLock { state in
      guard !state.stopped else { return false }
      state.poll = work
      return true
    }
    if !keep { work.cancel() }
  }

  /// The position reached the track's start: the observers re-plan from it.
  private func started(generation: Int) {
    let now = clock.nowNanos
    let listeners: Listeners? = locked.withLock { state in
      guard !state.stopped, state.generation == generation, state.position.isAdvancing(at: now)
      else { return nil }
      return state.listeners
    }
    guard let listeners else { return }
    send([.event(.outputStarted)], to: listeners, at: now)
  }

  /// The poll: a reading while the followed player plays, then the next poll.
  private func pollNow() {
    if readWhilePlaying() { schedulePoll() }
  }

  /// Reads the followed player's position (not after a change: to be checked against the
  /// extrapolation) if it plays; false once the engine was shut down.
  @discardableResult
  private func readWhilePlaying() -> Bool {
    let now = clock.nowNanos
    let (outs, stopped) = locked.withLock { state in
      var outs: [Out] = []
      if !state.stopped, let name = state.followed, state.position.status == .playing {
        Self.read(name, afterChange: false, at: now, in: &state, &outs)
      }
      return (outs, state.stopped)
    }
    for case .read(let busName, let request) in outs {
      bus.readPosition(of: busName, request: request)
    }
    return !stopped
  }
}
