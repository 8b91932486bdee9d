/// Text decoded from a lyrics file's bytes, as UTF-8 with line ends untouched and NUL bytes
/// removed, with the name of the encoding it was read as.
public struct DecodedText: Sendable, Equatable {
  /// The encoding the bytes were read as.
  public var encoding: TextEncoding
  /// The text as UTF-8 bytes (always valid UTF-8).
  public var utf8: [UInt8]
  /// How many invalid bytes were replaced by U+FFFD (a guess prefers an encoding that needs
  /// none, but takes the one that reads best).
  public var replacedBytes: Int
  /// Whether the encoding is a guess among the legacy ones (GB18030, Shift_JIS, windows-1252,
  /// …): no BOM, not UTF, not named by the user. Readers warn about it, naming the guess.
  public var guessed: Bool

  public init(
    encoding: TextEncoding, utf8: [UInt8], replacedBytes: Int = 0, guessed: Bool = false
  ) {
    self.encoding = encoding
    self.utf8 = utf8
    self.replacedBytes = replacedBytes
    self.guessed = guessed
  }

  public var text: String { String(decoding: utf8, as: UTF8.self) }
}
