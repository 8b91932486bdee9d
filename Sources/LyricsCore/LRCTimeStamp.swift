/// Reads the inside of a time tag (`m:ss`, `m:ss.f`, `m:ss:ff`, `h:mm:ss.f`, with an optional
/// leading `-`) from UTF-8 bytes, for both `[…]` line stamps and `<…>` word stamps.
enum LRCTimeStamp {
  struct Value: Equatable {
    var ms: Int
    /// Seconds of 60 or more: accepted, but worth a warning.
    var secondsOverflow: Bool
  }

  /// Fields longer than this cannot be a real time and would overflow.
  private static let maxFieldDigits = 9

  /// Parses `bytes[range]`, surrounding spaces allowed; nil when it is not a time.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Value? {
    let range = ASCII.trimmed(bytes, range)
    var index = range.lowerBound
    guard index < range.upperBound else { return nil }
    var negative = false
    if bytes[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    var fields = (0, 0, 0)
    var digitCounts = (0, 0, 0)
    var fieldCount = 1
    var fraction = 0
    var fractionDigits = 0
    var inFraction = false
    while index < range.upperBound {
      let byte = bytes[index]
      index += 1
      if let digit = ASCII.digit(byte) {
        if inFraction {
          // Beyond three digits the fraction is truncated to milliseconds.
          if fractionDigits < 3 { fraction = fraction * 10 + digit }
          fractionDigits += 1
          continue
        }
        switch fieldCount {
        case 1:
          fields.0 = fields.0 * 10 + digit
          digitCounts.0 += 1
        case 2:
          fields.1 = fields.1 * 10 + digit
          digitCounts.1 += 1
        default:
          fields.2 = fields.2 * 10 + digit
          digitCounts.2 += 1
        }
        if max(digitCounts.0, digitCounts.1, digitCounts.2) > maxFieldDigits { return nil }
      } else if byte == UInt8(ascii: ":") {
        guard !inFraction, fieldCount < 3 else { return nil }
        let filled = fieldCount == 1 ? digitCounts.0 : digitCounts.1
        guard filled > 0 else { return nil }
        fieldCount += 1
      } else if byte == UInt8(ascii: ".") {
        guard !inFraction else { return nil }
        inFraction = true
      } else {
        return nil
      }
    }
    guard fieldCount >= 2 else { return nil }
    let lastDigits = fieldCount == 2 ? digitCounts.1 : digitCounts.2
    guard lastDigits > 0, !inFraction || fractionDigits > 0 else { return nil }
    let fractionMs =
      switch min(fractionDigits, 3) {
      case 1: fraction * 100
      case 2: fraction * 10
      default: fraction
      }
    var hours = 0
    var minutes = fields.0
    var seconds = fields.1
    var milliseconds = fractionMs
    if fieldCount == 3 {
      if !inFraction && digitCounts.2 == 2 {
        // `m:ss:ff`: old editors write hundredths after a second colon.
        milliseconds = fields.2 * 10
      } else {
        hours = fields.0
        minutes = fields.1
        seconds = fields.2
      }
    }
    let total = ((hours * 60 + minutes) * 60 + seconds) * 1000 + milliseconds
    return Value(ms: negative ? -total : total, secondsOverflow: seconds >= 60)
  }

  /// Whether a bracket group that failed to parse was meant as a time tag: an optional `-`,
  /// a digit, and a colon somewhere (`00:1a.00`, `00:12.00 text` with no `]`).
  static func looksLikeTime(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    var index = ASCII.skipSpaces(bytes, range)
    if index < range.upperBound, bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < range.upperBound, ASCII.digit(bytes[index]) != nil else { return false }
    return ASCII.find(UInt8(ascii: ":"), in: bytes, index..<range.upperBound) != nil
  }
}
