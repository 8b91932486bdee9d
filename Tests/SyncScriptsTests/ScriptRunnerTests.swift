import Clocks
import LyricsCore
import Playback
import PlayerContract
import Session
import SessionWiring
import TestSupport
import Testing

@testable import SyncScripts

/// A player stand-in for the runner's own tests: the position is the clock time played, and the
/// track ends on the clock at its length, so the runner and the session wiring can be checked
/// without the real Player (the golden scripts check that one). Confined to the test's thread
/// (the manual clock runs its work there), hence `@unchecked Sendable`.
final class SteppingPlayback: PlaybackEngine, @unchecked Sendable {
  let durationNanos: Int64
  let clock: ManualClock
  private(set) var state = PlayerState.stopped
  private var loaded = false
  private var anchorNanos: Int64 = 0
  private var anchorClock: Int64 = 0
  private var ending: ScheduledWork?
  private var observers: [@Sendable (PlayerEvent) -> Void] = []

  init(durationMs: Int, clock: ManualClock) {
    self.durationNanos = Int64(durationMs) * 1_000_000
    self.clock = clock
  }

  var outputName: String { "virtual" }
  var volume: Double { 1 }
  func setVolume(_ volume: Double) {}
  var currentTrack: TrackInfo? {
    loaded ? TrackInfo(path: "stepping", durationNanos: durationNanos) : nil
  }

  func heardPosition() -> HeardPosition {
    HeardPosition(nanos: position, isAdvancing: state == .playing)
  }

  private var position: Int64 {
    guard state == .playing else { return anchorNanos }
    return min(durationNanos, anchorNanos + clock.nowNanos - anchorClock)
  }

  func addObserver(_ observer: @escaping @Sendable (PlayerEvent) -> Void) {
    observers.append(observer)
  }

  func load(_ items: [PlayerItem], startIndex: Int) {
    loaded = true
    tell(.trackChanged(index: 0, info: TrackInfo(path: "stepping", durationNanos: durationNanos)))
  }

  func play() { set(.playing) }
  func pause() { set(.paused) }
  func stop() {
    set(.stopped)
    anchorNanos = 0
  }
  func next() {}
  func append(_ items: [PlayerItem]) {}
  func previous() {}

  func seek(toNanos nanos: Int64) {
    anchorNanos = nanos
    anchorClock = clock.nowNanos
    planEnd()
    tell(.sought(positionNanos: nanos))
  }

  private func set(_ newState: PlayerState) {
    anchorNanos = position
    anchorClock = clock.nowNanos
    state = newState
    planEnd()
    tell(.stateChanged(newState, positionNanos: anchorNanos))
  }

  private func planEnd() {
    ending?.cancel()
    guard state == .playing else { return }
    ending = clock.schedule(at: anchorClock + durationNanos - anchorNanos) { [weak self] in
      self?.set(.ended)
    }
  }

  private func tell(_ event: PlayerEvent) {
    for observer in observers { observer(event) }
  }
}

@Suite(.tags(.sanitized)) struct ScriptRunnerTests {
  static let lyrics = Lyrics(lines: [
    LyricLine(ms: 1_000, text: "one"), LyricLine(ms: 2_000, text: "two"),
    LyricLine(ms: 4_000, text: "four"),
  ])

  func run(_ text: String) throws -> ScriptRun.Outcome {
    let script = try SyncScriptParser.parse(text)
    return try ScriptRun.execute(script, folder: Paths.fixtures) { _, _, clock in
      ScriptMedia(
        engine: SteppingPlayback(durationMs: 6_000, clock: clock),
        track: SessionTrack(
          item: .silence(name: "stepping", durationNanos: 6_000_000_000), lyrics: Self.lyrics,
          label: .unnamed))
    }
  }

  @Test func focusLossEntersAfterTheGraceAndFocusGainRestores() throws {
    let outcome = try run(
      """
      lyrics x.lrc
      set grace 250
      at 0 play
      at 2.5 focus-lost
      expect 2.7 pip inactive
      expect 2.75 pip active
      at 3 focus-gained
      expect 3 pip inactive
      end 3.5
      """)
    #expect(outcome.failures.isEmpty)
    #expect(
      outcome.transcript == """
        {"event":"ready","track":null,"durationMs":6000,"lines":3,"output":"virtual","t":0}
        {"event":"state","state":"playing","posMs":0,"t":0}
        {"event":"line","index":0,"ms":1000,"posMs":1000,"text":"one","t":1000}
        {"event":"line","index":1,"ms":2000,"posMs":2000,"text":"two","t":2000}
        {"event":"pip","state":"willStart","reason":"focus-lost","t":2750}
        {"event":"pip","state":"didStart","reason":"focus-lost","t":2750}
        {"event":"pip","state":"willStop","reason":"focus-gained","t":3000}
        {"event":"pip","state":"restore","reason":"focus-gained","t":3000}
        {"event":"main","state":"restored","line":1,"t":3000}
        {"event":"pip","state":"didStop","reason":"focus-gained","t":3000}

        """)
  }

  @Test func failedExpectationsNameTheirLineAndWhatWasSeen() throws {
    let outcome = try run(
      """
      lyrics x.lrc
      at 0 play
      expect 1.5 line 1
      expect 1.5 text "two"
      expect 1.5 state paused
      expect 1.5 pip active
      expect 0.5 text "one"
      expect 1.5 line 0
      """)
    #expect(
      outcome.failures.map(\.description) == [
        "script:7: expected text \"one\", got no line (line -1)",
        "script:3: expected line 1, got line 0",
        "script:4: expected text \"two\", got text \"one\"",
        "script:5: expected state paused, got state playing",
        "script:6: expected pip active, got pip inactive",
      ])
  }

  @Test func aLineChangeAtTheSameInstantIsSeenByTheExpectation() throws {
    let outcome = try run("lyrics x.lrc\nat 0 play\nexpect 2.0 line 1\nexpect 1.999 line 0")
    #expect(outcome.failures.isEmpty)
  }

  @Test func noAutoEntryWhilePausedAndPipStartStillWorks() throws {
    let outcome = try run(
      """
      lyrics x.lrc
      at 0 play
      at 1.5 pause
      at 2 focus-lost
      expect 2.9 pip inactive
      at 3 pip-start
      expect 3 pip active
      expect 3 state paused
      at 3.5 strip-close
      expect 3.5 pip inactive
      """)
    #expect(outcome.failures.isEmpty)
    #expect(outcome.transcript.contains("\"state\":\"willStop\",\"reason\":\"closed\""))
    #expect(!outcome.transcript.contains("\"restore\""))
  }

  @Test func aWaylandDesktopReportsTheFailedStart() throws {
    let outcome = try run(
      "lyrics x.lrc\nset desktop wayland\nat 0 play\nat 1 pip-start\nexpect 1 pip inactive")
    #expect(outcome.failures.isEmpty)
    #expect(outcome.transcript.contains("\"state\":\"failedToStart\",\"reason\":\"a pure Wayland"))
  }

  @Test func theTrackEndsAndTheRunGoesOnToTheEnd() throws {
    let outcome = try run("lyrics x.lrc\nat 0 play\nexpect 6 state ended\nend 8")
    #expect(outcome.failures.isEmpty)
    #expect(
      outcome.transcript.hasSuffix(
        "{\"event\":\"state\",\"state\":\"ended\",\"posMs\":6000,\"t\":6000}\n"))
  }
}
