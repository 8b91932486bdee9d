/// Small byte helpers the parser uses on UTF-8 text. Everything it looks for (brackets,
/// colons, digits, spaces, line ends) is ASCII, and an ASCII byte never occurs inside a
/// multi-byte UTF-8 sequence, so scanning bytes is safe and fast.
enum ASCII {
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
  }

  static func digit(_ byte: UInt8) -> Int? {
    byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
  }

  static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
  }

  /// The first index in `range` that is not a space (or the upper bound).
  static func skipSpaces(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    var index = range.lowerBound
    while index < range.upperBound, isSpace(bytes[index]) { index += 1 }
    return index
  }

  static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
    let start = skipSpaces(bytes, range)
    var end = range.upperBound
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    return start..<end
  }

  static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> Int?
  {
    var index = range.lowerBound
    while index < range.upperBound {
      if bytes[index] == byte { return index }
      index += 1
    }
    return nil
  }

  static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }
}
