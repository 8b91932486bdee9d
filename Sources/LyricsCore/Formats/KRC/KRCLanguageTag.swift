import FoundationEssentials

/// KRC's `[language:…]` tag: base64 of a JSON object,
/// `{"content":[{"language":0,"type":1,"lyricContent":[["第一行"],["第二行"],…]}],"version":1}`.
/// The entry of `type` 1 holds one translation per lyric line (its strings joined; `""` and
/// `"//"` mean none). Other types are not read: what they hold is not documented.
enum KRCLanguageTag {
  struct Problem: Error {
    var message: String
  }

  struct Document: Codable {
    struct Entry: Codable {
      var language: Int?
      var type: Int
      var lyricContent: [[String]]
    }

    var content: [Entry]
    var version: Int?
  }

  static func translations(base64: String) -> Result<[String?], Problem> {
    guard let data = Data(base64Encoded: base64) else {
      return .failure(Problem(message: "not base64"))
    }
    let document: Document
    do {
      document = try JSONDecoder().decode(Document.self, from: data)
    } catch {
      return .failure(Problem(message: "not the JSON KRC uses"))
    }
    guard let entry = document.content.first(where: { $0.type == 1 }) else { return .success([]) }
    return .success(
      entry.lyricContent.map { pieces in
        let text = pieces.joined()
        return text.isEmpty || text == "//" ? nil : text
      })
  }

  /// The tag's value for `translations` (one per line, nil for none).
  static func encode(_ translations: [String?]) -> String {
    let document = Document(
      content: [
        Document.Entry(
          language: 0, type: 1,
          lyricContent: translations.map { [$0.map { HeaderTag.oneLine($0) } ?? ""] })
      ], version: 1)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(document) else { return "" }
    return data.base64EncodedString()
  }
}
