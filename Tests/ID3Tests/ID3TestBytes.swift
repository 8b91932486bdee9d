/// Hand-built ID3v2 bytes for the edge cases no tagging tool writes on purpose (truncation,
/// unsynchronisation, ID3v2.2, bad sizes). Every layout is spelled out here, byte by byte as
/// the id3.org specifications give it; the fixtures made by mutagen cover the ordinary cases.
enum ID3TestBytes {
  static func bigEndian(_ value: Int, count: Int) -> [UInt8] {
    (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }

  static func syncsafe(_ value: Int) -> [UInt8] {
    (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 7)) & 0x7F }
  }

  /// Tag header (`ID3`, version, revision 0, flags, syncsafe size of `body`) and `body`.
  static func tag(major: UInt8, flags: UInt8 = 0, _ body: [UInt8], declaredSize: Int? = nil)
    -> [UInt8]
  {
    Array("ID3".utf8) + [major, 0, flags] + syncsafe(declaredSize ?? body.count) + body
  }

  /// An ID3v2.2 frame: 3-letter id, 3-byte size, no flags.
  static func frame22(_ id: String, _ data: [UInt8]) -> [UInt8] {
    Array(id.utf8) + bigEndian(data.count, count: 3) + data
  }

  /// An ID3v2.3 frame: 4-letter id, plain 4-byte size, two flag bytes.
  static func frame23(_ id: String, formatFlags: UInt8 = 0, _ data: [UInt8], size: Int? = nil)
    -> [UInt8]
  {
    Array(id.utf8) + bigEndian(size ?? data.count, count: 4) + [0, formatFlags] + data
  }

  /// An ID3v2.4 frame: 4-letter id, syncsafe size, two flag bytes.
  static func frame24(_ id: String, formatFlags: UInt8 = 0, _ data: [UInt8], size: Int? = nil)
    -> [UInt8]
  {
    Array(id.utf8) + syncsafe(size ?? data.count) + [0, formatFlags] + data
  }

  /// A SYLT body: encoding, language, timestamp format, content type, descriptor (terminated
  /// by the caller), then each entry's text bytes (terminated by the caller) and timestamp.
  static func sylt(
    encoding: UInt8 = 3, language: String = "eng", format: UInt8 = 2, type: UInt8 = 1,
    descriptor: [UInt8] = [0], entries: [(text: [UInt8], time: Int)]
  ) -> [UInt8] {
    var body = [encoding] + Array(language.utf8) + [format, type] + descriptor
    for entry in entries { body += entry.text + bigEndian(entry.time, count: 4) }
    return body
  }

  /// UTF-8 text with its one-byte terminator.
  static func utf8z(_ text: String) -> [UInt8] { Array(text.utf8) + [0] }

  /// Latin-1 text with its one-byte terminator.
  static func latin1z(_ text: String) -> [UInt8] {
    text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } + [0]
  }

  /// UTF-16 text, optionally with a byte order mark, and the two-byte terminator.
  static func utf16z(_ text: String, bigEndian: Bool, bom: Bool = true) -> [UInt8] {
    var bytes: [UInt8] = bom ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
    for unit in text.utf16 {
      let high = UInt8(unit >> 8)
      let low = UInt8(unit & 0xFF)
      bytes += bigEndian ? [high, low] : [low, high]
    }
    return bytes + [0, 0]
  }

  /// Unsynchronises bytes as a writer does: a 0x00 after every 0xFF that is followed by a
  /// byte with its top three bits set or by 0x00 (and after a final 0xFF).
  static func unsynchronised(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    for (index, byte) in bytes.enumerated() {
      result.append(byte)
      guard byte == 0xFF else { continue }
      let next = index + 1 < bytes.count ? bytes[index + 1] : 0
      if next & 0xE0 == 0xE0 || next == 0 { result.append(0) }
    }
    return result
  }
}
