/// Splits the text of an enhanced-LRC (A2) line at its `<m:ss.ff>` word stamps.
///
/// `<00:01.00>Hel<00:01.40>lo <00:01.90>world<00:02.60>` gives the words "Hel", "lo ",
/// "world" and an end at 2.60 (a final stamp followed by no text). Text before the first stamp
/// is a word starting with the line. A `<` that does not open a valid stamp is text.
enum LRCWordTiming {
  struct Result {
    /// Raw stamps (no offset applied yet).
    var words: [LyricWord]
    var endMs: Int?
    var text: String
  }

  /// `range` is the line's text, already trimmed. Nil when it holds no word stamp.
  static func split(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, lineMs: Int
  ) -> Result? {
    // Find the stamps: (start of `<`, end after `>`, time).
    var stamps: [(start: Int, end: Int, ms: Int)] = []
    var index = range.lowerBound
    let open = UInt8(ascii: "<")
    let close = UInt8(ascii: ">")
    while let start = ASCII.find(open, in: bytes, index..<range.upperBound) {
      // Look for `>` but stop at the next `<`: a stamp never contains one, and stopping there
      // keeps a line full of `<` linear.
      var cursor = start + 1
      while cursor < range.upperBound, bytes[cursor] != close, bytes[cursor] != open {
        cursor += 1
      }
      guard cursor < range.upperBound else { break }
      if bytes[cursor] == open {
        index = cursor
        continue
      }
      if let value = LRCTimeStamp.parse(bytes, (start + 1)..<cursor) {
        stamps.append((start, cursor + 1, value.ms))
      }
      index = cursor + 1
    }
    guard let first = stamps.first else { return nil }

    var words: [LyricWord] = []
    var endMs: Int?
    if first.start > range.lowerBound {
      words.append(LyricWord(ms: lineMs, text: ASCII.string(bytes, range.lowerBound..<first.start)))
    }
    for (position, stamp) in stamps.enumerated() {
      let textEnd =
        position + 1 < stamps.count ? stamps[position + 1].start : range.upperBound
      let isLast = position + 1 == stamps.count
      if isLast && stamp.end >= textEnd {
        endMs = stamp.ms
      } else {
        words.append(LyricWord(ms: stamp.ms, text: ASCII.string(bytes, stamp.end..<textEnd)))
      }
    }
    // The line's text is trimmed, so the words that make it up are too.
    if let firstWord = words.first {
      words[0].text = trimLeading(firstWord.text)
    }
    if let lastWord = words.last {
      words[words.count - 1].text = trimTrailing(lastWord.text)
    }
    return Result(words: words, endMs: endMs, text: words.map(\.text).joined())
  }

  private static func trimLeading(_ text: String) -> String {
    let utf8 = text.utf8
    guard let first = utf8.first, ASCII.isSpace(first) else { return text }
    return String(decoding: utf8.drop { ASCII.isSpace($0) }, as: UTF8.self)
  }

  private static func trimTrailing(_ text: String) -> String {
    let utf8 = Array(text.utf8)
    var end = utf8.count
    while end > 0, ASCII.isSpace(utf8[end - 1]) { end -= 1 }
    return end == utf8.count ? text : String(decoding: utf8[0..<end], as: UTF8.self)
  }
}
