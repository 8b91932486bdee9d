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
    // One pass: each stamp found closes the piece of text before it.
    var pieces: [(ms: Int, range: Range<Int>)] = []
    var pieceMs = lineMs
    var pieceStart = range.lowerBound
    var sawStamp = false
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
        // Text before the first stamp is a word starting with the line.
        if sawStamp || start > pieceStart { pieces.append((pieceMs, pieceStart..<start)) }
        sawStamp = true
        pieceMs = value.ms
        pieceStart = cursor + 1
      }
      index = cursor + 1
    }
    guard sawStamp else { return nil }
    // A final stamp followed by no text ends the last word.
    var endMs: Int?
    if pieceStart >= range.upperBound {
      endMs = pieceMs
    } else {
      pieces.append((pieceMs, pieceStart..<range.upperBound))
    }
    // The line's text is trimmed, so the words that make it up are too.
    if let firstPiece = pieces.first {
      pieces[0].range = ASCII.skipSpaces(bytes, firstPiece.range)..<firstPiece.range.upperBound
    }
    if let lastPiece = pieces.last {  // read after the first was trimmed: it may be the same
      var upper = lastPiece.range.upperBound
      while upper > lastPiece.range.lowerBound, ASCII.isSpace(bytes[upper - 1]) { upper -= 1 }
      pieces[pieces.count - 1].range = lastPiece.range.lowerBound..<upper
    }
    let words = pieces.map { piece in
      LyricWord(
        ms: piece.ms,
        text: String(decoding: UnsafeBufferPointer(rebasing: bytes[piece.range]), as: UTF8.self))
    }
    return Result(words: words, endMs: endMs, text: words.joinedText)
  }
}
