/// How JSON spells a string's bytes and a number, on raw bytes: the one definition that
/// `JSONBytes` (appending to an array) and `JSONStream` (writing through a fixed buffer) share,
/// so the two ways of writing cannot drift apart.
///
/// Written by hand because the standard library has no JSON writer that keeps a key order
/// (`JSONValue`'s reason) and no way to spell an `Int` into a byte buffer without a `String`
/// per number; the escaping rule is the documented one (docs/cli.md): `"` `\` and control bytes
/// (below 0x20, and 0x7F) escaped, every other byte, UTF-8 included, as it is.
public enum JSONSpelling {
  /// Whether `byte` cannot stand for itself inside a JSON string.
  @inlinable @inline(__always)
  public static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
  }

  /// How many bytes `utf8` takes inside the quotes, escapes spelt out. Equal to `utf8.count`
  /// exactly when nothing needs an escape, which is how a writer knows it may copy the bytes
  /// whole.
  public static func escapedCount(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
    guard let start = utf8.baseAddress else { return 0 }
    let count = utf8.count
    if count >= 8 {
      // Eight bytes at a time, the last block overlapping the one before, until one needs an
      // escape: nearly every lyric has none and is done here.
      func block(_ offset: Int) -> Bool {
        blockNeedsEscape(UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self))
      }
      var offset = 0
      var found = false
      while offset + 8 <= count, !found {
        found = block(offset)
        offset += 8
      }
      if !found, offset < count { found = block(count - 8) }
      if !found { return count }
    } else if !utf8.contains(where: needsEscape) {
      return count
    }
    return utf8.reduce(count) { $0 + extraCount($1) }
  }

  /// Whether one of the eight bytes of `word` needs an escape. Each test is the exact
  /// "some byte is below n" bit trick (valid for n ≤ 0x80), so no block that needs an escape is
  /// missed and none that does not is sent to the slow path.
  @inline(__always)
  static func blockNeedsEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasByteBelow(_ value: UInt64, _ limit: UInt64) -> Bool {
      (value &- ones &* limit) & ~value & highs != 0
    }
    return hasByteBelow(word, 0x20)
      || hasByteBelow(word ^ (ones &* 0x22), 1)  // "
      || hasByteBelow(word ^ (ones &* 0x5C), 1)  // \
      || hasByteBelow(word ^ (ones &* 0x7F), 1)
  }

  /// The bytes an escape adds to `byte`'s one: `\"` `\\` `\n` `\r` `\t` one, `\u00XX` five.
  @inline(__always)
  static func extraCount(_ byte: UInt8) -> Int {
    guard needsEscape(byte) else { return 0 }
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
      UInt8(ascii: "\t"):
      return 1
    default: return 5
    }
  }

  /// Writes `utf8` escaped at `destination`, which has room for `escapedCount(utf8)` bytes;
  /// returns how many it wrote.
  public static func writeEscaped(
    _ utf8: UnsafeBufferPointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>
  ) -> Int {
    var written = 0
    for byte in utf8 {
      written += writeEscaped(byte, to: destination + written)
    }
    return written
  }

  /// One byte, escaped when it must be; returns how many bytes it wrote (1, 2 or 6).
  @inline(__always)
  static func writeEscaped(_ byte: UInt8, to destination: UnsafeMutablePointer<UInt8>) -> Int {
    let shortForm: UInt8
    switch byte {
    case UInt8(ascii: "\""): shortForm = UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): shortForm = UInt8(ascii: "\\")
    case UInt8(ascii: "\n"): shortForm = UInt8(ascii: "n")
    case UInt8(ascii: "\r"): shortForm = UInt8(ascii: "r")
    case UInt8(ascii: "\t"): shortForm = UInt8(ascii: "t")
    case _ where needsEscape(byte):
      destination[0] = UInt8(ascii: "\\")
      destination[1] = UInt8(ascii: "u")
      destination[2] = UInt8(ascii: "0")
      destination[3] = UInt8(ascii: "0")
      destination[4] = hexDigit(byte >> 4)
      destination[5] = hexDigit(byte & 0x0F)
      return 6
    default:
      destination[0] = byte
      return 1
    }
    destination[0] = UInt8(ascii: "\\")
    destination[1] = shortForm
    return 2
  }

  /// Lowercase, as `\u007f`.
  @inline(__always)
  static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  /// How many bytes `number` takes in decimal, its minus sign included.
  @inlinable
  public static func decimalCount(_ number: Int) -> Int {
    // Compared with 10, 100, 1000…: no division (an Int has at most 19 digits, 10^19 fits a UInt).
    let magnitude = number.magnitude
    var digits = 1
    var threshold: UInt = 10
    while digits < 20, magnitude >= threshold {
      digits += 1
      threshold &*= 10
    }
    return number < 0 ? digits + 1 : digits
  }

  /// "00" to "99", for two digits at a time.
  @inlinable static var digitPairs: StaticString {
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
  }

  /// Writes `number` in decimal at `destination`, which has room for `decimalCount(number)`
  /// bytes; returns that count.
  @inlinable
  public static func writeDecimal(_ number: Int, to destination: UnsafeMutablePointer<UInt8>)
    -> Int
  {
    let count = decimalCount(number)
    if number < 0 { destination[0] = UInt8(ascii: "-") }
    // Two digits at a time from the end back (the count is known, so no reversing), from a table
    // of "00" to "99": half the divisions.
    var position = count
    var magnitude = number.magnitude
    let pairs = digitPairs.utf8Start
    while magnitude >= 10 {
      let pair = Int(truncatingIfNeeded: magnitude % 100) &* 2
      magnitude /= 100
      position -= 2
      destination[position] = pairs[pair]
      destination[position + 1] = pairs[pair + 1]
    }
    // One digit left (or a lone 0), unless the pairs took them all.
    if position > (number < 0 ? 1 : 0) {
      position -= 1
      destination[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
    }
    return count
  }
}
