/// Where a recording lines up with the tone that was played, to the sample: the recording
/// index at which the tone's sample `from` was heard, found by correlation over `length`
/// samples, the candidates being `range` (recording indexes of tone sample 0).
enum ToneAlignment {
  static func lag(
    of tone: [Int16], from start: Int, length: Int, in recording: [Int16], range: ClosedRange<Int>
  ) -> Int? {
    let ideal = tone[start..<min(tone.count, start + length)].map(Float.init)
    let recorded = recording.map(Float.init)
    var best: (lag: Int, score: Float)?
    for lag in range {
      let first = lag + start
      guard first >= 0, first + ideal.count <= recorded.count else { continue }
      var score: Float = 0
      for offset in ideal.indices { score += ideal[offset] * recorded[first + offset] }
      if best.map({ score > $0.score }) ?? true { best = (lag, score) }
    }
    return best?.lag
  }

  /// The largest difference between the recording (aligned at `lag`, scaled to the tone's level
  /// by least squares) and the tone over `samples`, as a fraction of full scale: what a click
  /// or a missing stretch would raise.
  static func largestError(
    of tone: [Int16], samples: Range<Int>, in recording: [Int16], lag: Int
  ) -> Double {
    let pairs = samples.compactMap { index -> (Double, Double)? in
      let at = index + lag
      guard at >= 0, at < recording.count else { return nil }
      return (Double(tone[index]), Double(recording[at]))
    }
    let power = pairs.reduce(0) { $0 + $1.0 * $1.0 }
    guard power > 0 else { return 1 }
    let scale = pairs.reduce(0) { $0 + $1.0 * $1.1 } / power
    return pairs.map { abs($0.1 - scale * $0.0) }.max().map { $0 / 32_768 } ?? 1
  }

  /// The longest run of near-silent samples within half a second of `index`: the length of a
  /// gap, if the sound stopped there (a tone at half scale is near zero for a sample at most).
  static func silentRun(in recording: [Int16], near index: Int, threshold: Int16 = 300) -> Int {
    let window = max(0, index - 24_000)..<min(recording.count, index + 24_000)
    var longest = 0
    var run = 0
    for position in window {
      run = abs(Int32(recording[position])) < Int32(threshold) ? run + 1 : 0
      longest = max(longest, run)
    }
    return longest
  }

  /// Root mean square of `samples`, as a fraction of full scale.
  static func rms(_ samples: ArraySlice<Int16>) -> Double {
    guard !samples.isEmpty else { return 0 }
    let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
    return (sum / Double(samples.count)).squareRoot() / 32_768
  }
}
