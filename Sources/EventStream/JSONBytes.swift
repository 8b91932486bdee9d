/// JSON text built straight into UTF-8 bytes: the one place that escapes strings and spells
/// numbers. `JSONValue` renders through it, and `check --json` writes a 10 MB file's rows into
/// it without a value tree per row (a tree and a `String` per row cost twice the instructions of
/// the whole parse, callgrind).
public struct JSONBytes: Sendable {
  public private(set) var bytes: [UInt8] = []

  public init(reservingCapacity capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// The bytes as a `String` (they are valid UTF-8: every piece came from a `String`).
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Punctuation and key names, copied as they are.
  public mutating func append(_ literal: StaticString) {
    literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Text that is already JSON (or needs no quoting), copied as it is.
  public mutating func appendVerbatim(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// `number` in decimal.
  public mutating func append(_ number: Int) {
    if number < 0 { bytes.append(UInt8(ascii: "-")) }
    let start = bytes.count
    var magnitude = number.magnitude
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes[start...].reverse()
  }

  /// `text` as a quoted JSON string: quotes, backslashes and control characters escaped,
  /// everything else as UTF-8. Bytes of a multi-byte character are all 0x80 or above, so escaping
  /// byte by byte never splits one.
  public mutating func appendQuoted(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      bytes.append(UInt8(ascii: "\""))
      // Most texts need no escape: check the bytes once and copy them whole.
      if !utf8.contains(where: Self.needsEscape) {
        bytes.append(contentsOf: utf8)
      } else {
        for byte in utf8 { appendEscaped(byte) }
      }
      bytes.append(UInt8(ascii: "\""))
    }
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
  }

  private mutating func appendEscaped(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): append("\\\"")
    case UInt8(ascii: "\\"): append("\\\\")
    case UInt8(ascii: "\n"): append("\\n")
    case UInt8(ascii: "\r"): append("\\r")
    case UInt8(ascii: "\t"): append("\\t")
    case _ where Self.needsEscape(byte):
      let digits: StaticString = "0123456789abcdef"
      append("\\u00")
      digits.withUTF8Buffer { hex in
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0x0F)])
      }
    default: bytes.append(byte)
    }
  }
}
