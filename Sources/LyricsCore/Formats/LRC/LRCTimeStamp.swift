/// Reads the inside of a time tag (`m:ss`, `m:ss.f`, `m:ss:ff`, `m:ss:fff`, `h:mm:ss.f`, with an
/// optional leading `-`) from UTF-8 bytes, for both `[…]` line stamps and `<…>` word stamps.
enum LRCTimeStamp {
  struct Value: Equatable {
    var ms: Int
    /// Seconds of 60 or more: accepted, but worth a warning.
    var secondsOverflow: Bool
  }

  /// Fields longer than this cannot be a real time and would overflow.
  private static let maxFieldDigits = 9

  /// Parses `bytes[range]`, surrounding spaces allowed; nil when it is not a time.
  /// Straight-line code, no allocation: it runs for every stamp of the file.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Value? {
    if let usual = parseUsualForm(bytes, range) { return usual }
    var end = range.upperBound
    var index = range.lowerBound
    if index < end, ASCII.isSpace(bytes[index]) || ASCII.isSpace(bytes[end - 1]) {
      let trimmed = ASCII.trimmed(bytes, range)
      index = trimmed.lowerBound
      end = trimmed.upperBound
    }
    guard index < end else { return nil }
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }

    // Up to three colon-separated fields of digits, the last with an optional `.fraction`.
    var fields = (0, 0, 0)
    var fieldCount = 0
    var lastDigitCount = 0
    while true {
      guard let (value, digits) = readDigits(bytes, &index, end) else { return nil }
      fieldCount += 1
      lastDigitCount = digits
      switch fieldCount {
      case 1: fields.0 = value
      case 2: fields.1 = value
      default: fields.2 = value
      }
      guard index < end, bytes[index] == UInt8(ascii: ":"), fieldCount < 3 else { break }
      index += 1
    }
    guard fieldCount >= 2 else { return nil }
    var fractionMs = 0
    let hasFraction = index < end && bytes[index] == UInt8(ascii: ".")
    if hasFraction {
      index += 1
      let start = index
      var value = 0
      while index < end, let digit = ASCII.digit(bytes[index]) {
        // Beyond three digits the fraction is truncated to milliseconds.
        if index - start < 3 { value = value * 10 + digit }
        index += 1
      }
      let digits = index - start
      guard digits > 0 else { return nil }
      fractionMs = digits == 1 ? value * 100 : digits == 2 ? value * 10 : value
    }
    guard index == end else { return nil }

    var hours = 0
    var minutes = fields.0
    var seconds = fields.1
    if fieldCount == 3 {
      if !hasFraction && lastDigitCount == 2 {
        // `m:ss:ff`: old editors write hundredths after a second colon.
        fractionMs = fields.2 * 10
      } else if !hasFraction && lastDigitCount == 3 {
        // `m:ss:fff`: NetEase's answers write milliseconds so; three digits are no seconds.
        fractionMs = fields.2
      } else {
        hours = fields.0
        minutes = fields.1
        seconds = fields.2
      }
    }
    let total = ((hours * 60 + minutes) * 60 + seconds) * 1000 + fractionMs
    return Value(ms: negative ? -total : total, secondsOverflow: seconds >= 60)
  }

  /// `m…m:ss.xx`, the form nearly every stamp has, checked by position without the general
  /// loop; nil sends anything else to it.
  @inline(__always)
  private static func parseUsualForm(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> Value?
  {
    let tail = range.upperBound - 6  // where `:ss.xx` starts
    guard tail > range.lowerBound, tail - range.lowerBound <= maxFieldDigits,
      bytes[tail] == UInt8(ascii: ":"), bytes[tail + 3] == UInt8(ascii: "."),
      let s1 = ASCII.digit(bytes[tail + 1]), let s2 = ASCII.digit(bytes[tail + 2]),
      let f1 = ASCII.digit(bytes[tail + 4]), let f2 = ASCII.digit(bytes[tail + 5])
    else { return nil }
    var minutes = 0
    var index = range.lowerBound
    while index < tail {
      guard let digit = ASCII.digit(bytes[index]) else { return nil }
      minutes = minutes * 10 + digit
      index += 1
    }
    let seconds = s1 * 10 + s2
    let ms = (minutes * 60 + seconds) * 1000 + f1 * 100 + f2 * 10
    return Value(ms: ms, secondsOverflow: seconds >= 60)
  }

  /// One run of 1 to `maxFieldDigits` digits at `index`, which it moves past them.
  @inline(__always)
  private static func readDigits(
    _ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ end: Int
  ) -> (value: Int, digits: Int)? {
    let start = index
    var value = 0
    while index < end, let digit = ASCII.digit(bytes[index]) {
      // Counted before summed: a run longer than any time would overflow `value`.
      if index - start < maxFieldDigits { value = value * 10 + digit }
      index += 1
    }
    let digits = index - start
    guard digits > 0, digits <= maxFieldDigits else { return nil }
    return (value, digits)
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
