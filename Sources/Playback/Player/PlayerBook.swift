import PlayerContract

/// A call the player makes to its output, decided under its lock and made outside it.
enum OutputCall: Sendable {
  case flush(epoch: Int, frame: Int64)
  case setPaused(Bool)
}

/// A track decoded right after the one before it, in the same epoch (gapless), but not heard yet:
/// it becomes current when the output's heard frame reaches `startFrame`.
struct TrackSwitch: Equatable, Sendable {
  var index: Int
  var info: TrackInfo
  /// The epoch's frame (the numbering the output reports) at which the track's first sample plays.
  var startFrame: Int64
}

/// Which track a pre-opened source was opened for: the queue as of `generation`, entry `index`.
struct UpcomingKey: Equatable, Sendable {
  var generation: Int
  var index: Int
}

/// The player's bookkeeping, behind its `bookkeeping` mutex.
struct PlayerBook {
  var items: [PlayerItem] = []
  /// Which item follows which (shuffle, repeat).
  var order = PlayOrder()
  var index: Int?
  var info: TrackInfo?
  /// A source is installed for `index` (`Decoding.source`).
  var hasSource = false
  var playerState = PlayerState.stopped
  var epoch = 0
  /// Track frame at which `epoch` starts.
  var epochStartFrame: Int64 = 0
  /// The epoch's frame at which the current track's frame 0 lies: 0, except after a gapless
  /// switch, where the epoch goes on counting from the track before.
  var trackStartFrame: Int64 = 0
  /// Tracks already being decoded after the current one, oldest first, not yet heard.
  var switches: [TrackSwitch] = []
  /// Counts the armings of the watch that announces `switches`: only the newest one acts.
  var switchWatch = 0
  /// The last track a pre-open was started for (in flight, ready, or failed): not asked twice.
  var upcomingAsked: UpcomingKey?
  /// The last epoch whose flush reached the output.
  var flushedEpoch = 0
  /// The epoch whose source reached its end (the decoder then waits for the output to drain).
  var endedEpoch: Int?
  /// Counts opens: an open that finishes after a newer one started is dropped.
  var openGeneration = 0
  /// 0 (silent) to 1 (as decoded).
  var volume: Double = 1
  var replayGain = ReplayGainMode.track
  var observers: [@Sendable (PlayerEvent) -> Void] = []
  var decoderThreadStarted = false
  var shuttingDown = false
  /// Output calls decided but not made yet, in order.
  var pendingCalls: [OutputCall] = []
  /// A thread is making output calls (`Player.runOutputCalls`).
  var callingOutput = false

  /// The output has not had the flush into `epoch` yet.
  var flushPending: Bool { flushedEpoch != epoch }

  /// The queue entry that plays when entry `index` ends by itself (nil: the first), as the play
  /// order says (`PlayOrder`: shuffle, repeat); `items.count` when the queue ends there. The end
  /// of a track and the gapless pre-open ask it; a skip asks `skip(after:)`.
  func entry(after index: Int?) -> Int { order.following(index) ?? items.count }

  /// The item a skip forward from `index` goes to; `items.count` when there is none.
  func skip(after index: Int?) -> Int { order.next(after: index) ?? items.count }

  /// The last track handed to the decoder: the one after which the next is wanted.
  var lastDecodedIndex: Int? { switches.last?.index ?? index }

  mutating func setState(
    _ newState: PlayerState, positionNanos: Int64, events: inout [PlayerEvent]
  ) {
    guard newState != playerState else { return }
    playerState = newState
    events.append(.stateChanged(newState, positionNanos: positionNanos))
  }

  /// Starts a new epoch at `frame` of the current track and queues its flush; returns it. Any
  /// gapless switch not heard yet is forgotten (the caller puts the current source back).
  mutating func newEpoch(startingAt frame: Int64) -> Int {
    epoch += 1
    epochStartFrame = frame
    trackStartFrame = 0
    switches = []
    endedEpoch = nil
    pendingCalls.append(.flush(epoch: epoch, frame: frame))
    return epoch
  }

  /// Makes every switch up to `heardFrame` current, in order; returns how many.
  mutating func announceSwitches(heardUpTo heardFrame: Int64, events: inout [PlayerEvent]) -> Int {
    var count = 0
    while let next = switches.first, next.startFrame <= heardFrame {
      switches.removeFirst()
      index = next.index
      info = next.info
      trackStartFrame = next.startFrame
      events.append(.trackChanged(index: next.index, info: next.info))
      count += 1
    }
    return count
  }
}
