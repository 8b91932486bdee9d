import Clocks
import EventStream
import LyricsCore
import SessionWiring

/// Runs a parsed script's steps in time order on a manual clock: the clock is advanced to each
/// step (so everything due before it, such as line changes and the session's grace, happens
/// first), then the action runs or the expectation is checked.
public struct ScriptRunner {
  /// A failed expectation: `script:LINE: expected …, got …`.
  public struct Failure: Equatable, Sendable, CustomStringConvertible {
    var line: Int
    var expected: String
    var got: String
    public var description: String { "script:\(line): expected \(expected), got \(got)" }
  }

  let script: SyncScript
  let clock: ManualClock
  let startNanos: Int64

  init(script: SyncScript, clock: ManualClock) {
    self.script = script
    self.clock = clock
    self.startNanos = clock.nowNanos
  }

  /// Script milliseconds now.
  var nowMs: Int { (clock.nowNanos - startNanos).wholeMilliseconds }

  /// Runs every step, then on to the end; returns the expectations that did not hold.
  func run(
    perform: (ScriptAction) -> Void, observe: () -> ScriptObservation
  ) -> [Failure] {
    var failures: [Failure] = []
    for step in script.orderedSteps {
      advance(toMs: step.timeMs)
      switch step.kind {
      case .action(let action):
        perform(action)
      case .expect(let expectation):
        if let failure = Self.check(expectation, against: observe(), line: step.line) {
          failures.append(failure)
        }
      }
    }
    advance(toMs: script.effectiveEndMs)
    return failures
  }

  private func advance(toMs ms: Int) {
    clock.advance(to: startNanos + Int64(ms) * 1_000_000)
  }

  static func check(
    _ expectation: ScriptExpectation, against seen: ScriptObservation, line: Int
  ) -> Failure? {
    switch expectation {
    case .line(let index):
      guard seen.line != index else { return nil }
      return Failure(line: line, expected: "line \(index)", got: "line \(seen.line)")
    case .text(let text):
      guard seen.text != text else { return nil }
      return Failure(
        line: line, expected: "text \(JSONValue.quoted(text))",
        got: seen.text.map { "text \(JSONValue.quoted($0))" } ?? "no line (line \(seen.line))")
    case .pip(let active):
      guard seen.pipActive != active else { return nil }
      let word = { (flag: Bool) in flag ? "active" : "inactive" }
      return Failure(
        line: line, expected: "pip \(word(active))", got: "pip \(word(seen.pipActive))")
    case .state(let state):
      guard seen.state.scriptName != state.scriptName else { return nil }
      return Failure(
        line: line, expected: "state \(state.scriptName)", got: "state \(seen.state.scriptName)")
    }
  }
}
