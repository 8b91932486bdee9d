/// A byte order mark at the start of a file: it decides the encoding and is not text.
struct ByteOrderMark: Equatable {
  var encoding: TextEncoding
  var length: Int

  /// The BOM at the start of `bytes`, if any. UTF-32 LE is tested before UTF-16 LE because its
  /// BOM begins with UTF-16 LE's.
  static func detect(_ bytes: [UInt8]) -> ByteOrderMark? {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      return ByteOrderMark(encoding: .utf8, length: 3)
    }
    if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
      return ByteOrderMark(encoding: .utf32LE, length: 4)
    }
    if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
      return ByteOrderMark(encoding: .utf32BE, length: 4)
    }
    if bytes.starts(with: [0xFF, 0xFE]) { return ByteOrderMark(encoding: .utf16LE, length: 2) }
    if bytes.starts(with: [0xFE, 0xFF]) { return ByteOrderMark(encoding: .utf16BE, length: 2) }
    return nil
  }

  /// Whether a forced encoding name (uppercased) belongs to this BOM's family, so the BOM is
  /// skipped rather than decoded as text. Plain `UTF-16` and `UTF-32` are left alone: for them
  /// `iconv` reads the BOM itself to learn the byte order.
  func matches(_ normalizedName: String) -> Bool {
    let compact = normalizedName.replacing("-", with: "")
      .replacing("_", with: "")
    if compact == "UTF16" || compact == "UTF32" { return false }
    let family =
      switch encoding {
      case .utf16LE, .utf16BE: "UTF16"
      case .utf32LE, .utf32BE: "UTF32"
      default: "UTF8"
      }
    return compact.hasPrefix(family)
  }
}
