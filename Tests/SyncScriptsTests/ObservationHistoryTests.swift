import TestSupport
import Testing

@testable import SyncScripts

/// The tolerance rule of `clock real`: an expectation at t holds if what was on display at some
/// moment of [t - tolerance, t + tolerance] matches.
@Suite(.tags(.sanitized)) struct ObservationHistoryTests {
  static func seen(line: Int, pip: Bool = false) -> ScriptObservation {
    ScriptObservation(line: line, text: nil, pipActive: pip, state: .playing)
  }

  /// Line -1 from 0, line 0 from 2000 ms, line 1 from 2100 ms (start at 1 s on the clock).
  static var history: ObservationHistory {
    var history = ObservationHistory()
    history.record(seen(line: -1), atNanos: 1_000_000_000)
    history.record(seen(line: 0), atNanos: 3_000_000_000)
    history.record(seen(line: 1), atNanos: 3_100_000_000)
    return history
  }

  func judge(_ expectation: ScriptExpectation, atMs ms: Int) -> ScriptRunner.Failure? {
    Self.history.judge(
      expectation, atMs: ms, toleranceMs: 30, startNanos: 1_000_000_000, line: 7)
  }

  @Test func aLineUpWithinTheToleranceHolds() {
    #expect(judge(.line(0), atMs: 1_970) == nil)
    #expect(judge(.line(0), atMs: 2_050) == nil)
    #expect(judge(.line(0), atMs: 2_129) == nil)
    #expect(judge(.line(-1), atMs: 2_029) == nil)
  }

  /// A change at exactly t - tolerance is what was up from then on: the line before is out.
  @Test func theWindowStartsWithWhatWasUpAtItsFirstInstant() {
    #expect(judge(.line(-1), atMs: 2_030) != nil)
  }

  @Test func aLineOutsideTheToleranceFailsWithWhatWasUpAtT() {
    #expect(judge(.line(0), atMs: 1_969) == .init(line: 7, expected: "line 0", got: "line -1"))
    #expect(judge(.line(0), atMs: 2_131) == .init(line: 7, expected: "line 0", got: "line 1"))
  }

  @Test func aFailureListsEveryValueSeenInTheWindow() {
    let failure = judge(.line(5), atMs: 2_090)
    #expect(
      failure?.description
        == "script:7: expected line 5, got line 0 (within ±30 ms: line 0, line 1)")
  }

  @Test func repeatedSnapshotsAreKeptOnce() {
    var history = ObservationHistory()
    history.record(Self.seen(line: 2), atNanos: 0)
    history.record(Self.seen(line: 2), atNanos: 5)
    history.record(Self.seen(line: 2, pip: true), atNanos: 9)
    #expect(history.entries.count == 2)
  }
}
