import Clocks
import EventStream
import Locking
import Playback
import PlayerContract
import SessionWiring

/// What the suites of this target start from: the real `Player` on a virtual-time output and a
/// lyrics session over it (the player is its engine, queue and volume), on one manual clock, so
/// a test moves time itself and nothing sleeps.
struct VirtualTimeSession {
  let clock: ManualClock
  let player: Player
  let session: LyricsSession

  init(
    _ tracks: [SessionTrack], clock: ManualClock = ManualClock(),
    presenter: LyricsPresenter = NoPresenter(),
    events: SessionEventSink?, lyricsProvider: LyricsProvider? = nil,
    trackOffsetMs: @escaping @Sendable (TrackInfo) -> Int = { _ in 0 }
  ) {
    self.clock = clock
    player = Player(output: VirtualTimeOutput(clock: clock), clock: clock)
    session = LyricsSession(
      engine: player, queue: player, volume: player, clock: clock, tracks: tracks,
      presenter: presenter, events: events, lyricsProvider: lyricsProvider,
      trackOffsetMs: trackOffsetMs, say: { _ in })
  }
}

/// The events a session wrote, in order.
final class SessionEventLog: SessionEventSink {
  private let events = Mutex<[SessionEvent]>([])
  func emit(_ event: SessionEvent) { events.withLock { $0.append(event) } }
  var all: [SessionEvent] { events.withLock { $0 } }
}
