import Clocks
import EventStream
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

  @Test func playerStateReachesTheControllerAndEventsComeOut() throws {
    let lyrics = Lyrics(lines: [LyricLine(ms: 1_000, text: "a"), LyricLine(ms: 2_000, text: "b")])
    let events = SessionEventLog()
    let made = VirtualTimeSession(
      [.init(item: .silence(name: "s", durationNanos: 10_000_000_000), lyrics: lyrics)],
      events: events)
    let (clock, player, session) = (made.clock, made.player, made.session)
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
      events.all.compactMap(Self.pipStep) == [
        "willStart:focus-lost", "didStart:focus-lost", "willStop:strip", "restore:strip",
        "didStop:strip",
      ])
  }

  /// A `pip` event as `state:reason`; nil for any other event.
  static func pipStep(_ event: SessionEvent) -> String? {
    guard case .pip(let state, let reason) = event else { return nil }
    return state + ":" + reason
  }
}
