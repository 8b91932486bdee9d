import Clocks
import EventStream
import Locking
import LyricsCore
import Playback
import Session
import SessionWiring
import TestSupport
import Testing

/// The session wiring's link of the real Player to the PiP controller, in virtual time.
@Suite(.tags(.sanitized)) struct SessionPiPTests {
  final class Strip: FloatingSurface {
    var isShown = false
    let renderSize = (width: 800, height: 160)
    func prepare() throws {}
    func show() throws { isShown = true }
    func hide() { isShown = false }
  }

  final class Main: MainSurface {
    var lines: [Int] = []
    func restore(scrolledTo line: Int) { lines.append(line) }
  }

  final class Events: SessionEventSink {
    private let items = Mutex<[String]>([])
    func emit(_ event: SessionEvent) {
      guard case .pip(let state, let reason) = event else { return }
      items.withLock { $0.append(state + ":" + reason) }
    }
    var all: [String] { items.withLock { $0 } }
  }

  @Test func playerStateReachesTheControllerAndEventsComeOut() throws {
    let clock = ManualClock()
    let player = Player(output: VirtualTimeOutput(clock: clock), clock: clock)
    let lyrics = Lyrics(lines: [LyricLine(ms: 1_000, text: "a"), LyricLine(ms: 2_000, text: "b")])
    let events = Events()
    let session = LyricsSession(
      engine: player, queue: player, volume: player, clock: clock,
      tracks: [.init(item: .silence(name: "s", durationNanos: 10_000_000_000), lyrics: lyrics)],
      presenter: NoPresenter(), events: events, say: { _ in })
    let bridge = SessionPiP(session: session)
    let strip = Strip()
    let main = Main()
    let controller = PiPController(
      floating: strip, main: main, clock: clock, support: .supported,
      settings: PiPSettings(graceMs: 200), deliver: { $0() })
    bridge.attach(to: controller, deliver: { $0() })
    #expect(!controller.isPossible)

    session.load()
    session.begin()
    session.play()
    #expect(controller.isPossible)
    #expect(controller.playback.timeRange.durationMs == 10_000)
    clock.advance(by: 2_500_000_000)
    controller.handle(.mainFocusLost)
    clock.advance(by: 200_000_000)
    #expect(strip.isShown)

    controller.togglePlayback()
    #expect(player.state == .paused)
    controller.skip(byMs: -1_000)
    #expect(player.heardPosition().nanos == 1_700_000_000)
    controller.handle(.stripRestoreRequested)
    #expect(main.lines == [0])
    #expect(
      events.all == [
        "willStart:focus-lost", "didStart:focus-lost", "willStop:strip", "restore:strip",
        "didStop:strip",
      ])
  }
}
