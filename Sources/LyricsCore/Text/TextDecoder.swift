/// Turns the bytes of a lyrics file into text: a BOM decides; else valid UTF-8 without NUL bytes
/// is UTF-8 (the common case, which costs one validation pass); else every candidate encoding
/// decodes the file and the text that reads best wins (`guess`, `EncodingScorer`). Conversion
/// goes through the `TextTranscoder` it is given (the app's is iconv).
public enum TextDecoder {
  /// An encoding name the transcoder does not know (from `--encoding`).
  public struct UnknownEncoding: Error, CustomStringConvertible, Equatable {
    public var name: String
    public var message: String
    public var description: String { "unknown encoding '\(name)': \(message)" }
  }

  /// Decodes `bytes`; `encoding` forces an encoding instead of guessing (a BOM is still
  /// skipped when it matches the forced encoding's family).
  public static func decode(
    _ bytes: [UInt8], encoding forced: String? = nil, transcoder: any TextTranscoder
  ) throws(UnknownEncoding) -> DecodedText {
    if let forced {
      return try decode(bytes, forcedEncoding: forced, transcoder: transcoder)
    }
    if let bom = ByteOrderMark.detect(bytes) {
      return try convertLeniently(
        Array(bytes[bom.length...]), from: bom.encoding, transcoder: transcoder)
    }
    if UTF8Validation.isValid(bytes, allowingNUL: false) {
      return DecodedText(encoding: .utf8, utf8: bytes)
    }
    return guess(bytes, nul: nulCounts(bytes), transcoder: transcoder)
  }

  private static func decode(
    _ bytes: [UInt8], forcedEncoding name: String, transcoder: any TextTranscoder
  ) throws(UnknownEncoding) -> DecodedText {
    let normalized = name.uppercased()
    var body = bytes[...]
    if let bom = ByteOrderMark.detect(bytes), bom.matches(normalized) {
      body = bytes[bom.length...]
    }
    return try convertLeniently(Array(body), from: .named(name), transcoder: transcoder)
  }

  /// Converts to UTF-8; nil when `lenient` is false and the bytes are invalid in `encoding`.
  static func convert(
    _ bytes: [UInt8], from encoding: TextEncoding, lenient: Bool, transcoder: any TextTranscoder
  ) throws(UnknownEncoding) -> DecodedText? {
    let converter: any TextConverter
    do {
      converter = try transcoder.converterToUTF8(from: encoding.transcoderName)
    } catch {
      throw UnknownEncoding(name: encoding.name, message: error.message)
    }
    guard let (utf8, replaced) = try? converter.convert(bytes, lenient: lenient) else {
      return nil
    }
    return DecodedText(encoding: encoding, utf8: withoutNUL(utf8), replacedBytes: replaced)
  }

  /// Lenient conversion, which always produces text.
  private static func convertLeniently(
    _ bytes: [UInt8], from encoding: TextEncoding, transcoder: any TextTranscoder
  ) throws(UnknownEncoding) -> DecodedText {
    try convert(bytes, from: encoding, lenient: true, transcoder: transcoder)
      ?? DecodedText(encoding: encoding, utf8: Array(String(decoding: bytes, as: UTF8.self).utf8))
  }

  /// NUL bytes at even and at odd offsets.
  package static func nulCounts(_ bytes: [UInt8]) -> (even: Int, odd: Int) {
    var even = 0
    var odd = 0
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var index = 0
      while index + 1 < buffer.count {
        // Skip eight bytes at a time while none is NUL (the usual case by far).
        if index + 8 <= buffer.count {
          let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
          let ones: UInt64 = 0x0101_0101_0101_0101
          if (word &- ones) & ~word & (ones &* 0x80) == 0 {
            index += 8
            continue
          }
        }
        if buffer[index] == 0 { even += 1 }
        if buffer[index + 1] == 0 { odd += 1 }
        index += 2
      }
      if index < buffer.count, buffer[index] == 0 { even += 1 }
    }
    return (even, odd)
  }

  /// UTF-16 and UTF-32 without a BOM, as far as NUL bytes can tell: text that is mostly ASCII
  /// (as LRC stamps are) puts a NUL in every other byte in UTF-16 (NULs in at least a quarter
  /// of one parity and almost none in the other), and in three bytes of four in UTF-32 (both
  /// parities). Only these are decoded as candidates: any other file would read as nonsense.
  static func wideCandidates(pairs: Int, nul: (even: Int, odd: Int)) -> [TextEncoding] {
    guard pairs >= 2 else { return [] }
    if nul.odd * 4 >= pairs, nul.even * 20 <= pairs { return [.utf16LE] }
    if nul.even * 4 >= pairs, nul.odd * 20 <= pairs { return [.utf16BE] }
    if nul.odd * 4 >= pairs, nul.even * 4 >= pairs { return [.utf32LE, .utf32BE] }
    return []
  }

  static func withoutNUL(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.contains(0) else { return bytes }
    return bytes.filter { $0 != 0 }
  }
}

extension TextDecoder {
  /// Throws when the transcoder does not know `name`, so a bad `--encoding` is reported before
  /// any file is read.
  public static func validateEncodingName(
    _ name: String, transcoder: any TextTranscoder
  ) throws(UnknownEncoding) {
    do {
      _ = try transcoder.converterToUTF8(from: name)
    } catch {
      throw UnknownEncoding(name: name, message: error.message)
    }
  }
}
