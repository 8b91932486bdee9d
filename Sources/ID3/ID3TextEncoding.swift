/// The text encodings of ID3v2 text fields, from the encoding byte at the start of a frame.
/// Strings end at a terminator of one zero byte (Latin-1, UTF-8) or two zero bytes on a
/// two-byte boundary (UTF-16).
///
/// Leniency, because writers differ: every encoding is accepted in every version (2.2 and 2.3
/// define only 0 and 1); a UTF-16 string with no byte order mark takes the order of the last
/// mark seen in the frame, else little-endian (what Windows writers produce); a stray mark is
/// dropped; invalid sequences become U+FFFD.
enum ID3TextEncoding: UInt8 {
  case latin1 = 0
  case utf16WithBOM = 1
  case utf16BigEndian = 2
  case utf8 = 3

  var terminatorLength: Int {
    switch self {
    case .latin1, .utf8: return 1
    case .utf16WithBOM, .utf16BigEndian: return 2
    }
  }

  /// Reads a terminated string starting at `offset`: its text and the offset after the
  /// terminator. Nil when no terminator follows (the string runs to the end of `bytes`).
  func terminatedString(
    in bytes: [UInt8], at offset: Int, bigEndian: inout Bool
  ) -> (text: String, next: Int)? {
    let step = terminatorLength
    var index = offset
    while index <= bytes.count - step {
      if bytes[index] == 0, step == 1 || bytes[index + 1] == 0 {
        return (decode(bytes[offset..<index], bigEndian: &bigEndian), index + step)
      }
      index += step
    }
    return nil
  }

  /// Decodes a string's bytes (without its terminator). `bigEndian` is the UTF-16 byte order
  /// in effect; a byte order mark changes it for this string and the ones after it.
  func decode(_ bytes: ArraySlice<UInt8>, bigEndian: inout Bool) -> String {
    switch self {
    case .latin1:
      return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    case .utf8:
      let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes
      return String(decoding: text, as: UTF8.self)
    case .utf16WithBOM, .utf16BigEndian:
      var text = bytes
      if self == .utf16BigEndian { bigEndian = true }
      if text.starts(with: [0xFE, 0xFF]) {
        bigEndian = true
        text = text.dropFirst(2)
      } else if text.starts(with: [0xFF, 0xFE]) {
        bigEndian = false
        text = text.dropFirst(2)
      }
      return Self.utf16(text, bigEndian: bigEndian)
    }
  }

  /// UTF-16 code units from byte pairs (an odd last byte is dropped).
  private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = bytes.startIndex
    while index < bytes.endIndex - 1 {
      let first = UInt16(bytes[index])
      let second = UInt16(bytes[index + 1])
      units.append(bigEndian ? first << 8 | second : second << 8 | first)
      index += 2
    }
    return String(decoding: units, as: UTF16.self)
  }
}
