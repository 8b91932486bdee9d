/// Text decoded from a lyrics file's bytes, as UTF-8 with line ends untouched and NUL bytes
/// removed, with the name of the encoding it was read as.
public struct DecodedText: Sendable, Equatable {
  /// The encoding the bytes were read as.
  public var encoding: TextEncoding
  /// The text as UTF-8 bytes (always valid UTF-8).
  public var utf8: [UInt8]
  /// How many invalid bytes were replaced by U+FFFD (only with a BOM or a forced encoding;
  /// the guess moves on to the next encoding instead).
  public var replacedBytes: Int

  public init(encoding: TextEncoding, utf8: [UInt8], replacedBytes: Int = 0) {
    self.encoding = encoding
    self.utf8 = utf8
    self.replacedBytes = replacedBytes
  }

  public var text: String { String(decoding: utf8, as: UTF8.self) }
}
