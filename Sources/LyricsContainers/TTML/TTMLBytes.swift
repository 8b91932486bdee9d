/// A TTML document's bytes as libxml2 should get them. UTF-8 (with or without its BOM) and
/// any encoding an XML declaration names go as they are; UTF-16 and UTF-32, with a BOM or told
/// by the zero bytes around a leading `<` (XML's own rule), are transcoded to UTF-8 here with the
/// standard library, since libxml2 without a BOM only knows them from `<?xml`, and a declaration
/// that says `UTF-8` in a UTF-16 file would mislead it.
enum TTMLBytes {
  enum Width {
    case utf16(bigEndian: Bool)
    case utf32(bigEndian: Bool)

    var name: String {
      switch self {
      case .utf16(let big): big ? "UTF-16BE" : "UTF-16LE"
      case .utf32(let big): big ? "UTF-32BE" : "UTF-32LE"
      }
    }
  }

  /// The encoding of a UTF-16/32 document and how many BOM bytes lead it, or nil.
  static func wide(_ bytes: [UInt8]) -> (width: Width, bom: Int)? {
    let head = Array(bytes.prefix(4)) + [UInt8](repeating: 0xAA, count: max(0, 4 - bytes.count))
    switch (head[0], head[1], head[2], head[3]) {
    case (0x00, 0x00, 0xFE, 0xFF): return (.utf32(bigEndian: true), 4)
    case (0xFF, 0xFE, 0x00, 0x00): return (.utf32(bigEndian: false), 4)
    case (0xFE, 0xFF, _, _): return (.utf16(bigEndian: true), 2)
    case (0xFF, 0xFE, _, _): return (.utf16(bigEndian: false), 2)
    case (0x00, 0x00, 0x00, _) where head[3] != 0: return (.utf32(bigEndian: true), 0)
    case (_, 0x00, 0x00, 0x00) where head[0] != 0: return (.utf32(bigEndian: false), 0)
    case (0x00, _, 0x00, _) where head[1] != 0 && head[3] != 0: return (.utf16(bigEndian: true), 0)
    case (_, 0x00, _, 0x00) where head[0] != 0 && head[2] != 0:
      return (.utf16(bigEndian: false), 0)
    default: return nil
    }
  }

  /// UTF-8 bytes and the name of the encoding they came from, for a UTF-16/32 document; nil
  /// for any other (libxml2 reads those itself). Ill-formed units become U+FFFD.
  static func transcoded(_ bytes: [UInt8]) -> (utf8: [UInt8], encoding: String)? {
    guard let (width, bom) = wide(bytes) else { return nil }
    let body = bytes.dropFirst(bom)
    var text = ""
    switch width {
    case .utf16(let big):
      let units = stride(from: body.startIndex, to: body.endIndex - 1, by: 2).map { index in
        let (first, second) = (UInt16(body[index]), UInt16(body[index + 1]))
        return big ? first << 8 | second : second << 8 | first
      }
      text = String(decoding: units, as: UTF16.self)
    case .utf32(let big):
      let units = stride(from: body.startIndex, to: body.endIndex - 3, by: 4).map { index in
        let quad = body[index..<index + 4].map(UInt32.init)
        return big
          ? quad[0] << 24 | quad[1] << 16 | quad[2] << 8 | quad[3]
          : quad[3] << 24 | quad[2] << 16 | quad[1] << 8 | quad[0]
      }
      text = String(decoding: units, as: UTF32.self)
    }
    return (Array(text.utf8), width.name)
  }
}
