import FoundationEssentials

/// The JSON Apple Music serves around a TTML document:
/// `{"data":[{"type":"syllable-lyrics","attributes":{"ttml":"<tt …>"}}]}`.
enum AppleLyricsEnvelope {
  struct Document: Decodable {
    struct Item: Decodable {
      struct Attributes: Decodable {
        var ttml: String?
        var ttmlLocalizations: String?
      }

      var attributes: Attributes
    }

    var data: [Item]
  }

  static func ttml(_ bytes: [UInt8]) throws(LyricsContainerError) -> [UInt8] {
    let document: Document
    do {
      document = try JSONDecoder().decode(Document.self, from: Data(bytes))
    } catch {
      throw .notTheFormat(format: "Apple's lyrics JSON", reason: "no data[].attributes.ttml")
    }
    guard
      let ttml = document.data.lazy.compactMap({
        $0.attributes.ttml ?? $0.attributes.ttmlLocalizations
      }).first
    else { throw .notTheFormat(format: "Apple's lyrics JSON", reason: "no data[].attributes.ttml") }
    return Array(ttml.utf8)
  }
}
