import LyricsCore

/// Reads lyrics in any format lyricpip knows, told by content (`LyricsFormatDetector`) unless
/// a format is given: unpacks the container (binary KRC, QRC's XML, encrypted QRC, TTML and its
/// JSON envelope, lyricsfile), decodes text formats with `TextDecoder`, and parses.
public enum LyricsDocumentReader {
  public struct Document: Equatable, Sendable {
    /// The format read (`enhanced-lrc` when an LRC file has word timing).
    public var format: LyricsFormat
    /// How the text was decoded (`UTF-8` for the containers, which are UTF-8 inside; TTML:
    /// as libxml2 read it).
    public var encoding: String = "UTF-8"
    public var result: LRCParseResult
  }

  public static func read(
    _ bytes: [UInt8], format forced: LyricsFormat? = nil, encoding: String? = nil,
    transcoder: any TextTranscoder
  ) throws(LyricsContainerError) -> Document {
    let detected = LyricsFormatDetector.detect(bytes)
    let format = forced ?? detected.format
    let container =
      forced == nil || forced == detected.format ? detected.container : assumed(format, bytes)
    switch container {
    case .binaryKRC:
      let text = try BinaryKRC.decode(bytes)
      return Document(format: .krc, result: KRCParser.parse(utf8: validUTF8(text)))
    case .qrcXML:
      return Document(format: .qrc, result: try QRCXML.parse(bytes))
    case .encryptedQRC:
      return try decrypted(EncryptedQRC.decryptHex(bytes))
    case .localQRC:
      return try decrypted(EncryptedQRC.decryptLocalFile(bytes))
    case .ttmlXML:
      return Document(format: .ttml, result: try TTMLParser.parse(bytes))
    case .ttmlJSON:
      return Document(format: .ttml, result: try TTMLParser.parse(AppleLyricsEnvelope.ttml(bytes)))
    case .lyricsfileYAML:
      return Document(format: .lyricsfile, result: try LyricsfileParser.parse(bytes))
    case .text:
      let decoded: DecodedText
      do {
        decoded = try TextDecoder.decode(bytes, encoding: encoding, transcoder: transcoder)
      } catch {
        throw .undecodable
      }
      guard var result = LyricsTextFormats.parse(utf8: decoded.utf8, as: format) else {
        throw .notTheFormat(format: format.displayName, reason: "not text")
      }
      result.noteDecoding(of: decoded)
      return Document(
        format: LyricsTextFormats.refined(format, result.lyrics),
        encoding: decoded.encoding.name, result: result)
    }
  }

  /// The container a forced format implies for these bytes.
  static func assumed(_ format: LyricsFormat, _ bytes: [UInt8]) -> LyricsFormatDetector.Container {
    let lead = bytes.drop {
      $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
    }.first
    switch format {
    case .krc: return bytes.starts(with: BinaryKRC.magic) ? .binaryKRC : .text
    case .qrc:
      if EncryptedQRC.isLocalFile(bytes) { return .localQRC }
      if lead == UInt8(ascii: "<") { return .qrcXML }
      return LyricsFormatDetector.detect(bytes).container == .encryptedQRC ? .encryptedQRC : .text
    case .ttml: return lead == UInt8(ascii: "{") ? .ttmlJSON : .ttmlXML
    case .lyricsfile: return .lyricsfileYAML
    default: return .text
    }
  }

  /// A decrypted QRC payload read as the text format it holds (QRC, or LRC).
  static func decrypted(_ payload: [UInt8]) throws(LyricsContainerError) -> Document {
    let (format, result) = try QRCPayload.parse(validUTF8(payload))
    return Document(format: format, result: result)
  }

  static func validUTF8(_ bytes: [UInt8]) -> [UInt8] {
    if String(validating: bytes, as: UTF8.self) != nil { return bytes }
    return Array(String(decoding: bytes, as: UTF8.self).utf8)
  }
}
