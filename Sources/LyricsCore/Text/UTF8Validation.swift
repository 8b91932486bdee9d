/// Checks that bytes are well-formed UTF-8 without building a `String` (which would copy the
/// whole file just to answer yes or no). Eight ASCII bytes at a time, then the multi-byte rules
/// of RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF.
///
/// Kept instead of the standard library's `UTF8Span(validating:)` because that one goes byte
/// by byte: on the mixed Chinese and English 10 MB file of `scripts/bench-parse` it ran 93 M
/// instructions (callgrind) against 49 M here, the whole of the decode step's slowdown. A test
/// holds this check to the standard library's answer.
enum UTF8Validation {
  static func isValid(_ bytes: [UInt8], allowingNUL: Bool = true) -> Bool {
    bytes.withUnsafeBufferPointer { isValid($0, allowingNUL: allowingNUL) }
  }

  /// Whether `bytes` are well-formed UTF-8 and, unless `allowingNUL`, hold no NUL byte (the
  /// decoder's question: such text is UTF-8 with no second pass to count NULs).
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>, allowingNUL: Bool = true) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let ones: UInt64 = 0x0101_0101_0101_0101
    var index = 0
    while index < count {
      if index + 8 <= count {
        // Eight bytes at a time: ASCII ones are passed over together, and those before the
        // first that is not are skipped at once (the mixed Chinese and English lines of real
        // files change script every few bytes).
        let word = UInt64(
          littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        if !allowingNUL, (word &- ones) & ~word & highBits != 0 { return false }
        let high = word & highBits
        if high == 0 {
          index += 8
          continue
        }
        index += high.trailingZeroBitCount >> 3
      }
      let lead = bytes[index]
      if lead < 0x80 {
        if lead == 0, !allowingNUL { return false }
        index += 1
        continue
      }
      if lead >= 0xE1, lead <= 0xEC, index + 2 < count {
        // The common three-byte case (CJK and most of the BMP) without the general checks.
        guard bytes[index + 1] & 0xC0 == 0x80, bytes[index + 2] & 0xC0 == 0x80 else {
          return false
        }
        index += 3
        continue
      }
      // The allowed range of the second byte depends on the lead (RFC 3629, section 4).
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        high = 0x9F
      case 0xF0:
        length = 4
        low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        high = 0x8F
      default: return false
      }
      guard index + length <= count else { return false }
      let second = bytes[index + 1]
      guard second >= low, second <= high else { return false }
      var next = index + 2
      while next < index + length {
        guard bytes[next] & 0xC0 == 0x80 else { return false }
        next += 1
      }
      index += length
    }
    return true
  }
}
