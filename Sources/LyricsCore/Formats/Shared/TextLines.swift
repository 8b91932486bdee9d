/// The lines of UTF-8 text, for the line-oriented formats: `\r\n`, `\n` and a lone `\r` each end
/// one line, as in `LRCParser`, so a CRLF file reads like an LF one.
enum TextLines {
  /// Calls `body` with each line's byte range (without its line end) and 1-based number.
  static func forEach(
    _ bytes: UnsafeBufferPointer<UInt8>, _ body: (_ range: Range<Int>, _ number: Int) -> Void
  ) {
    var start = 0
    var number = 0
    let count = bytes.count
    while start < count {
      var end = start
      while end < count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
      number += 1
      body(start..<end, number)
      if end < count, bytes[end] == 0x0D, end + 1 < count, bytes[end + 1] == 0x0A { end += 1 }
      start = end + 1
    }
  }
}
