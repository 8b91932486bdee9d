import LyricsCore

// LyricsCore's decoding entry points with the system's transcoder (iconv) filled in: what the
// app and its commands call.

extension TextDecoder {
  /// `decode(_:encoding:transcoder:)` through iconv.
  public static func decode(
    _ bytes: [UInt8], encoding: String? = nil
  ) throws(UnknownEncoding) -> DecodedText {
    try decode(bytes, encoding: encoding, transcoder: .iconv)
  }

  /// `validateEncodingName(_:transcoder:)` through iconv.
  public static func validateEncodingName(_ name: String) throws(UnknownEncoding) {
    try validateEncodingName(name, transcoder: .iconv)
  }
}

extension LRCParser {
  /// `parse(bytes:encoding:transcoder:)` through iconv.
  public static func parse(
    bytes: [UInt8], encoding: String? = nil
  ) throws(TextDecoder.UnknownEncoding) -> (decoded: DecodedText, result: LRCParseResult) {
    try parse(bytes: bytes, encoding: encoding, transcoder: .iconv)
  }
}

extension LRCOffsetEdit {
  /// `setting(offsetMs:in:transcoder:)` through iconv.
  public static func setting(offsetMs: Int, in file: [UInt8]) throws(Refusal) -> Edited {
    try setting(offsetMs: offsetMs, in: file, transcoder: .iconv)
  }

  /// `moving(byMs:in:transcoder:)` through iconv.
  public static func moving(byMs change: Int, in file: [UInt8]) throws(Refusal) -> Edited {
    try moving(byMs: change, in: file, transcoder: .iconv)
  }
}
