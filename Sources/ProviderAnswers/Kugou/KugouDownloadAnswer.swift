import LyricsContainers
import LyricsCore

/// Reads the answer of Kugou's lyrics download (`/download?ver=1&client=pc&id=…&accesskey=…&
/// fmt=krc&charset=utf8`): `{"status": 200, "info": "OK", "fmt": "krc" | "lrc", "content":
/// base64}`. KRC content is the binary `.krc` (`BinaryKRC`), read with its `[language:]`
/// translation and romanisation by `KRCParser`; LRC content is UTF-8 text for `LRCParser`.
/// `contenttype` 2 marks content that is not the binary KRC even when `fmt` says `krc` (peers
/// note it cannot be decrypted, or read it as base64 text): such content without the KRC magic
/// is read as text, timed or not, rather than refused as a damaged KRC.
public enum KugouDownloadAnswer {
  static let service = "Kugou download"

  public static func read(_ bytes: [UInt8]) throws(ProviderAnswerError) -> ProviderLyricsAnswer {
    let answer = try AnswerJSON.decode(Answer.self, from: bytes, service: service)
    if let status = answer.status?.value, status != 200 {
      throw .failed(code: status, message: answer.info)
    }
    guard let content = answer.content, !content.trimmed.isEmpty else { return .noLyrics }
    let payload = try AnswerJSON.base64(content, service: service)
    let isKRC = payload.starts(with: Array("krc1".utf8))
    if answer.contenttype?.value == 2, !isKRC { return readLRC(payload) }
    switch answer.fmt?.lowercased() {
    case "krc": return try readKRC(payload)
    case "lrc": return readLRC(payload)
    case nil:
      // An answer that does not name its format: the binary KRC says so by its magic.
      return isKRC ? try readKRC(payload) : readLRC(payload)
    case let other?: throw .malformed("\(service): unknown format '\(other)'")
    }
  }

  static func readKRC(_ payload: [UInt8]) throws(ProviderAnswerError) -> ProviderLyricsAnswer {
    let text: [UInt8]
    do {
      text = try BinaryKRC.decode(payload)
    } catch {
      throw .malformed("\(service): \(error)")
    }
    let result = KRCParser.parse(utf8: validUTF8(text))
    guard !result.lyrics.lines.isEmpty else {
      throw .malformed("\(service): the KRC has no timed line")
    }
    return .lyrics(ProviderLyrics(format: .krc, result: result))
  }

  static func readLRC(_ payload: [UInt8]) -> ProviderLyricsAnswer {
    var text = validUTF8(payload)
    if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
    let result = LRCParser.parse(utf8: text)
    guard !result.lyrics.lines.isEmpty || result.lyrics.untimedText != nil else { return .noLyrics }
    return .lyrics(ProviderLyrics(format: .lrc, result: result))
  }

  /// The readers take valid UTF-8; the service promises it (`charset=utf8`), and a byte that
  /// breaks the promise becomes U+FFFD rather than reaching them.
  static func validUTF8(_ bytes: [UInt8]) -> [UInt8] {
    Array(String(decoding: bytes, as: UTF8.self).utf8)
  }

  struct Answer: Decodable {
    var status: LooseInt?
    var info: String?
    var fmt: String?
    var contenttype: LooseInt?
    var content: String?
  }
}
