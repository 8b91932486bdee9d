import Clocks
import LyricpipApp
import LyricsCore
import Playback
import Session
import Synchronization
import Testing

/// The app's wiring of the real Player to the PiP controller, in virtual time.
@Suite struct PiPBridgeTests {
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

  final class Events: Sendable {
    private let items = Mutex<[String]>([])
    func add(_ event: PiPEvent) {
      items.withLock { $0.append("\(event.transition.rawValue):\(event.reason)") }
    }
    var all: [String] { items.withLock { $0 } }
  }

  @Test func playerStateReachesTheControllerAndEventsComeOut() throws {
    let clock = ManualClock()
    let player = Player(output: VirtualTimeOutput(clock: clock), clock: clock)
    let lyrics = Lyrics(lines: [LyricLine(ms: 1_000, text: "a"), LyricLine(ms: 2_000, text: "b")])
    let scheduler = SyncScheduler(
      timeline: Timeline(lyrics: lyrics), source: player, clock: clock, onChange: { _ in })
    player.addObserver { _ in scheduler.replan() }
    let events = Events()
    let bridge = PiPBridge(
      player: player, scheduler: scheduler, lyricsLoaded: { true }, writeEvent: events.add)
    let strip = Strip()
    let main = Main()
    let controller = PiPController(
      floating: strip, main: main, clock: clock, support: .supported,
      settings: PiPSettings(graceMs: 200), deliver: { $0() })
    bridge.attach(to: controller, deliver: { $0() })
    #expect(!controller.isPossible)

    player.load([.silence(name: "s", durationNanos: 10_000_000_000)])
    scheduler.start()
    player.play()
    #expect(controller.isPossible)
    #expect(controller.playback.timeRange.durationMs == 10_000)
    clock.advance(by: 2_500_000_000)
    controller.handle(.mainFocusLost)
    clock.advance(by: 200_000_000)
    #expect(strip.isShown)
    #expect(bridge.renderSize?.width == 800)

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
