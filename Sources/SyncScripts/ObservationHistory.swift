/// What was on display when, in a real-time run: a snapshot at the start and one after every
/// change, on the monotonic clock. Expectations are judged against it with a tolerance.
struct ObservationHistory {
  private(set) var entries: [(nanos: Int64, seen: ScriptObservation)] = []

  /// Adds `seen` at `nanos` when it differs from the last snapshot. Times must not go backwards.
  mutating func record(_ seen: ScriptObservation, atNanos nanos: Int64) {
    guard entries.last?.seen != seen else { return }
    entries.append((nanos, seen))
  }

  /// What was on display at `nanos` (the first snapshot for instants before it).
  func seen(atNanos nanos: Int64) -> ScriptObservation? {
    entries.last { $0.nanos <= nanos }?.seen ?? entries.first?.seen
  }

  /// Everything on display at some moment of [from, to]: what was up at `from`, then every
  /// change up to and including `to`.
  func seen(from: Int64, to: Int64) -> [ScriptObservation] {
    let atStart = seen(atNanos: from).map { [$0] } ?? []
    return atStart + entries.filter { $0.nanos > from && $0.nanos <= to }.map(\.seen)
  }

  /// Whether `expectation` held at some moment within `toleranceMs` of `ms` (script
  /// milliseconds from `startNanos`); nil when it did, else the failure, with what was on
  /// display at `ms` and, when it changed within the window, everything seen there.
  func judge(
    _ expectation: ScriptExpectation, atMs ms: Int, toleranceMs: Int, startNanos: Int64,
    line: Int
  ) -> ScriptRunner.Failure? {
    let at = startNanos + Int64(ms) * 1_000_000
    let window = Int64(toleranceMs) * 1_000_000
    let candidates = seen(from: at - window, to: at + window)
    var gots: [String] = []
    for candidate in candidates {
      guard let failure = ScriptRunner.check(expectation, against: candidate, line: line) else {
        return nil
      }
      if !gots.contains(failure.got) { gots.append(failure.got) }
    }
    guard let current = seen(atNanos: at),
      var failure = ScriptRunner.check(expectation, against: current, line: line)
    else {
      return ScriptRunner.Failure(line: line, expected: "\(expectation)", got: "nothing recorded")
    }
    if gots.count > 1 {
      failure.got += " (within ±\(toleranceMs) ms: \(gots.joined(separator: ", ")))"
    }
    return failure
  }
}
