import Clocks
import LyricsCore
import Session
import TestSupport
import Testing

@testable import LyricpipApp

/// A player stand-in for the runner's own tests: lines change at fixed times while playing
/// (position = clock time played), so the runner and the session wiring can be checked without
/// the real Player. The real Player is checked by the golden scripts. Confined to the test's
/// thread (the manual clock runs its work there), hence `@unchecked Sendable`.
final class SteppingPlayback: ScriptPlayback, @unchecked Sendable {
  let lyrics: Lyrics
  let durationMs: Int
  let clock: ManualClock
  var onChange: ((PlaybackChange) -> Void)?
  private(set) var activity = PlaybackActivity.stopped
  private(set) var displayedLine = -1
  private var anchorMs = 0
  private var anchorNanos: Int64 = 0
  private var pending: ScheduledWork?
  private var offsetMs = 0

  init(lyrics: Lyrics, durationMs: Int, clock: ManualClock) {
    self.lyrics = lyrics
    self.durationMs = durationMs
    self.clock = clock
  }

  var positionMs: Int {
    guard activity == .playing else { return anchorMs }
    return min(durationMs, anchorMs + Int((clock.nowNanos - anchorNanos) / 1_000_000))
  }

  func begin() { update() }
  func play() { set(.playing) }
  func pause() { set(.paused) }
  func stop() {
    set(.stopped)
    anchorMs = 0
  }

  func seek(toMs ms: Int) {
    anchorMs = ms
    anchorNanos = clock.nowNanos
    onChange?(.seek(posMs: ms))
    update()
  }

  func changeOffset(byMs ms: Int) {
    offsetMs += ms
    onChange?(.offset(totalMs: offsetMs))
    update()
  }

  private func set(_ state: PlaybackActivity) {
    anchorMs = positionMs
    anchorNanos = clock.nowNanos
    activity = state
    onChange?(.state(state, posMs: anchorMs))
    update()
  }

  private func update() {
    pending?.cancel()
    let position = positionMs
    if activity == .playing, position >= durationMs {
      set(.ended)
      return
    }
    let line = Timeline(lyrics: lyrics).lineIndex(at: position + offsetMs)
    if line != displayedLine {
      displayedLine = line
      onChange?(.line(index: line, posMs: position))
    }
    guard activity == .playing else { return }
    let next = Timeline(lyrics: lyrics).nextChange(after: position + offsetMs).map { $0 - offsetMs }
    let due = min(next ?? durationMs, durationMs)
    pending = clock.schedule(at: anchorNanos + Int64(due - anchorMs) * 1_000_000) { [weak self] in
      self?.update()
    }
  }
}

@Suite struct ScriptRunnerTests {
  static let lyrics = Lyrics(lines: [
    LyricLine(ms: 1_000, text: "one"), LyricLine(ms: 2_000, text: "two"),
    LyricLine(ms: 4_000, text: "four"),
  ])

  func run(_ text: String) throws -> ScriptRun.Outcome {
    let script = try SyncScriptParser.parse(text)
    return try ScriptRun.execute(script, folder: Paths.fixtures) { _, _, clock in
      SteppingPlayback(lyrics: Self.lyrics, durationMs: 6_000, clock: clock)
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
