/// Which word of a line is being sung at a time: the word with the latest start not after it
/// (of words with equal starts, the later in the line). The one rule for `Timeline` (the strip's
/// and the events' current word) and the karaoke fill, so the two never disagree.
///
/// Picking by time, not by position in the line, matters for a word stamped before the word
/// before it (kept as written, with a warning: `WordTimingRule`): by position, a running
/// maximum made it start together with the word before, which then was never the current word.
public struct WordsByTime: Sendable {
  /// Word starts, ascending.
  private let starts: [Int]
  /// The word index of each of `starts`; empty when the words are in time order already (the
  /// usual line), which saves an array per line.
  private let order: [Int]

  public init(_ words: [LyricWord]) {
    let times = words.map(\.ms)
    if zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) {
      starts = times
      order = []
    } else {
      // Stable: equal starts keep line order, so the later word wins as it does in order.
      let sorted = times.indices.sorted { (times[$0], $0) < (times[$1], $1) }
      starts = sorted.map { times[$0] }
      order = sorted
    }
  }

  public var isEmpty: Bool { starts.isEmpty }

  /// The index (in the line's words) of the word sung at `ms`, or nil before the first start.
  public func word(at ms: Int) -> Int? {
    let rank = Timeline.lastIndex(in: starts, notAfter: ms)
    guard rank >= 0 else { return nil }
    return order.isEmpty ? rank : order[rank]
  }

  /// The first word start strictly after `ms`, or nil when no word starts later.
  public func nextStart(after ms: Int) -> Int? {
    let rank = Timeline.lastIndex(in: starts, notAfter: ms) + 1
    return rank < starts.count ? starts[rank] : nil
  }
}
