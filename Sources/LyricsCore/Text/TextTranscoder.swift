/// What `TextDecoder` and `EncodedLines` need from a character-set library: converters between
/// named encodings (GB18030, Big5, UTF-16LE, …). LyricsCore is given one instead of calling the
/// system itself; the app's is iconv (`IconvTranscoder` in LyricsFiles).
public protocol TextTranscoder: Sendable {
  /// A converter from `source` to `target`, made once and used for many conversions; throws
  /// when the library does not know one of the names, with the library's message.
  func converter(
    from source: String, to target: String
  ) throws(TextTranscoderError) -> any TextConverter
}

/// One direction of conversion, with its own state: use it on one thread at a time.
public protocol TextConverter {
  /// Converts `input` whole. Strict mode throws at the first invalid or truncated sequence;
  /// lenient mode (used only towards UTF-8) writes U+FFFD for each bad byte and goes on.
  /// Returns the output and how many bytes were replaced.
  func convert(
    _ input: [UInt8], lenient: Bool
  ) throws(InvalidEncodedText) -> (bytes: [UInt8], replaced: Int)
}

/// A converter could not be made: the transcoder does not know the encoding.
public struct TextTranscoderError: Error, Equatable, CustomStringConvertible {
  public var encoding: String
  /// The library's own message.
  public var message: String

  public init(encoding: String, message: String) {
    self.encoding = encoding
    self.message = message
  }

  public var description: String { "cannot convert from '\(encoding)': \(message)" }
}

/// Strict conversion met bytes that are not valid in the source encoding, at `offset`.
public struct InvalidEncodedText: Error, Equatable {
  public var offset: Int

  public init(offset: Int) {
    self.offset = offset
  }
}

extension TextTranscoder {
  /// A converter to UTF-8 (what every decoded text is).
  func converterToUTF8(from source: String) throws(TextTranscoderError) -> any TextConverter {
    try converter(from: source, to: "UTF-8")
  }
}
