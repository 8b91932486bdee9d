import LyricsCore
import SystemSupport

/// LyricsCore's text conversions done by the C library's iconv, which knows GB18030, Big5 and
/// the rest without loading ICU.
public struct IconvTranscoder: TextTranscoder {
  public init() {}

  public func converter(
    from source: String, to target: String
  ) throws(TextTranscoderError) -> any TextConverter {
    do {
      return IconvTextConverter(iconv: try IconvConverter(from: source, to: target))
    } catch {
      throw TextTranscoderError(encoding: error.from, message: error.message)
    }
  }
}

extension TextTranscoder where Self == IconvTranscoder {
  /// The C library's iconv: `transcoder: .iconv`.
  public static var iconv: IconvTranscoder { IconvTranscoder() }
}

private struct IconvTextConverter: TextConverter {
  let iconv: IconvConverter

  func convert(
    _ input: [UInt8], lenient: Bool
  ) throws(InvalidEncodedText) -> (bytes: [UInt8], replaced: Int) {
    do {
      return try iconv.convert(input, lenient: lenient)
    } catch {
      throw InvalidEncodedText(offset: error.offset)
    }
  }
}
