/// JSON text built straight into UTF-8 bytes, spelt by `JSONSpelling`. `JSONValue` renders
/// through it; `check --json` writes its document to standard output through `JSONStream`
/// instead, the same spelling without the whole text in memory.
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
    // Twenty bytes hold any Int (`Int.min` is 20 with its sign).
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      guard let start = digits.baseAddress else { return }
      let count = JSONSpelling.writeDecimal(number, to: start)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<count]))
    }
  }

  /// `text` as a quoted JSON string: quotes, backslashes and control characters escaped,
  /// everything else as UTF-8 (`JSONSpelling`). Bytes of a multi-byte character are all 0x80 or
  /// above, so escaping byte by byte never splits one.
  public mutating func appendQuoted(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      bytes.append(UInt8(ascii: "\""))
      // Most texts need no escape: check the bytes once and copy them whole.
      let size = JSONSpelling.escapedCount(utf8)
      if size == utf8.count {
        bytes.append(contentsOf: utf8)
      } else {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size) { escaped in
          guard let start = escaped.baseAddress else { return }
          _ = JSONSpelling.writeEscaped(utf8, to: start)
          bytes.append(contentsOf: escaped)
        }
      }
      bytes.append(UInt8(ascii: "\""))
    }
  }
}
