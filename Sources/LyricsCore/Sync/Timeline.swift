/// Answers "what is on display at this position?" and "when does that change next?" for a
/// `Lyrics` document, in O(log n) per question.
///
/// Positions are effective lyric times in milliseconds (audio position plus any live offset).
/// A line is on display from its `ms` until the next later `ms`; of several lines with the same
/// `ms` the first one is on display. Lines that start together are two voices, or a line and one
/// sung beside it, not a translation (the parsers pair those): the first is the line, and the
/// others follow it at once, so the strip shows the second under the first as the next line.
/// Before the first line nothing is on display (`line == -1`). The last line stays up after it
/// starts.
public struct Timeline: Sendable {
  /// What is on display at one position.
  public struct Position: Equatable, Sendable {
    /// Index into `lyrics.lines`; -1 before the first line.
    public var line: Int
    /// Index into that line's `words`; nil for a plain line or before its first word.
    public var word: Int?

    public init(line: Int, word: Int?) {
      self.line = line
      self.word = word
    }
  }

  public let lyrics: Lyrics
  /// Start times of the lines, ascending (non-strictly), for binary search.
  private let starts: [Int]
  /// Each line's words by time (see `WordsByTime`).
  private let words: [WordsByTime]

  public init(lyrics: Lyrics) {
    self.lyrics = lyrics
    self.starts = Self.ascending(lyrics.lines.map(\.ms))
    self.words = lyrics.lines.map { WordsByTime($0.words) }
  }

  /// Binary search needs ascending times, but a hand-made `Lyrics` may be unsorted (a parsed
  /// one never is). A running maximum makes the times ascending while keeping their order: a
  /// line earlier than the one before it starts together with it, and follows it as with equal
  /// times.
  static func ascending(_ times: [Int]) -> [Int] {
    var result = times
    var index = 1
    while index < result.count {
      result[index] = max(result[index], result[index - 1])
      index += 1
    }
    return result
  }

  /// The index of the line on display at `ms`, or -1 before the first line.
  public func lineIndex(at ms: Int) -> Int {
    let last = Self.lastIndex(in: starts, notAfter: ms)
    guard last > 0 else { return last }
    // The first of the lines that start at that time.
    return Self.lastIndex(in: starts, notAfter: starts[last] - 1) + 1
  }

  /// The line and word on display at `ms`.
  public func position(at ms: Int) -> Position {
    let line = lineIndex(at: ms)
    guard line >= 0 else { return Position(line: -1, word: nil) }
    return Position(line: line, word: words[line].word(at: ms))
  }

  /// The first time strictly after `ms` at which `position(at:)` changes, or nil when nothing
  /// changes any more.
  public func nextChange(after ms: Int) -> Int? {
    let line = lineIndex(at: ms)
    // The next line start strictly after `ms` (past the lines that start with this one).
    let nextLineIndex = Self.lastIndex(in: starts, notAfter: ms) + 1
    let nextLine: Int? = nextLineIndex < starts.count ? starts[nextLineIndex] : nil
    guard line >= 0 else { return nextLine }
    // The next word start strictly after `ms` within the current line, if earlier.
    guard let nextWord = words[line].nextStart(after: ms) else { return nextLine }
    guard let nextLine else { return nextWord }
    return min(nextWord, nextLine)
  }

  /// The last index whose value is <= `value` in an ascending collection, or -1.
  static func lastIndex<C: RandomAccessCollection>(in sorted: C, notAfter value: Int) -> Int
  where C.Element == Int, C.Index == Int {
    var low = sorted.startIndex
    var high = sorted.endIndex
    while low < high {
      let mid = low + (high - low) / 2
      if sorted[mid] <= value { low = mid + 1 } else { high = mid }
    }
    return low - 1
  }
}
