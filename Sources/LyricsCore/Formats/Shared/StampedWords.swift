/// Splits the text of a `[start,duration]` line at its word stamps, for the formats that put
/// a stamp before each word (YRC `(start,dur,0)`, KRC `<offset,dur,0>`) and the one that puts
/// it after (QRC `word(start,dur)`). A bracket that does not open a valid stamp is text.
enum StampedWords {
  struct Result {
    /// Raw times (no offset applied yet), each with its end.
    var words: [LyricWord]
    var text: String
    /// Text the stamps could not place (before the first stamp-first word, or after the last
    /// text-first one); it is kept in the line, joined to the nearest word.
    var strayText: Bool
  }

  /// YRC and KRC: `stamp word stamp word…`. `base` is added to each stamp's start (the line's
  /// start for KRC's relative offsets, 0 for YRC's absolute times). Nil when the range holds no
  /// stamp.
  static func stampFirst(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, open: UInt8, close: UInt8,
    base: Int
  ) -> Result? {
    var words: [LyricWord] = []
    var pieceStart = range.lowerBound
    var current: (ms: Int, end: Int)?
    var strayText = false
    var index = range.lowerBound
    func closePiece(upTo end: Int) {
      let slice = UnsafeBufferPointer(rebasing: bytes[pieceStart..<end])
      let piece = String(decoding: slice, as: UTF8.self)
      if let current {
        words.append(LyricWord(ms: current.ms, text: piece, endMs: current.end))
      } else if !slice.isEmpty {
        strayText = true
        words.append(LyricWord(ms: base, text: piece))
      }
    }
    while let found = ASCII.find(open, in: bytes, index..<range.upperBound) {
      guard
        let group = NumberGroup.parse(
          bytes, at: found, end: range.upperBound, open: open, close: close, count: 3)
      else {
        index = found + 1
        continue
      }
      closePiece(upTo: found)
      let start = base + group.values.0
      current = (start, start + group.values.1)
      pieceStart = group.next
      index = group.next
    }
    guard current != nil else { return nil }
    closePiece(upTo: range.upperBound)
    if strayText, words.count > 1 {
      // Text before the first stamp has no time of its own: it leads the first timed word.
      let lead = words.removeFirst()
      words[0].text = lead.text + words[0].text
    }
    return Result(words: words, text: words.joinedText, strayText: strayText)
  }

  /// QRC: `word(start,dur)word(start,dur)…`, absolute times. Nil when the range holds no stamp.
  static func textFirst(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Result? {
    var words: [LyricWord] = []
    var pieceStart = range.lowerBound
    var index = range.lowerBound
    let open = UInt8(ascii: "(")
    while let found = ASCII.find(open, in: bytes, index..<range.upperBound) {
      guard
        let group = NumberGroup.parse(
          bytes, at: found, end: range.upperBound, open: open, close: UInt8(ascii: ")"), count: 2)
      else {
        index = found + 1
        continue
      }
      let slice = UnsafeBufferPointer(rebasing: bytes[pieceStart..<found])
      words.append(
        LyricWord(
          ms: group.values.0, text: String(decoding: slice, as: UTF8.self),
          endMs: group.values.0 + group.values.1))
      pieceStart = group.next
      index = group.next
    }
    guard !words.isEmpty else { return nil }
    var strayText = false
    if pieceStart < range.upperBound {
      // Text after the last stamp has no time of its own: it ends the last word.
      let slice = UnsafeBufferPointer(rebasing: bytes[pieceStart..<range.upperBound])
      words[words.count - 1].text += String(decoding: slice, as: UTF8.self)
      strayText = true
    }
    return Result(words: words, text: words.joinedText, strayText: strayText)
  }
}
