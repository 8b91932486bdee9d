import FoundationEssentials

/// KRC's `[language:…]` tag: base64 of a JSON object,
/// `{"content":[{"language":0,"type":1,"lyricContent":[["第一行"],["第二行"],…]}],"version":1}`.
/// The entry of `type` 1 holds one translation per lyric line (its strings joined; `""` and
/// `"//"` mean none). The entry of `type` 0 holds the romanisation: one array per lyric line,
/// one string per word of that line. The model keeps romanisation per line, so a line's
/// strings are joined with one space between words (pinyin and romaji read that way); a line
/// whose strings are all blank has none. Other types are not read.
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

  /// Both kinds of line text the tag holds, one entry per lyric line each (empty when the tag
  /// has no entry of that type).
  static func decode(base64: String) -> Result<
    (translations: [String?], romanisations: [String?]), Problem
  > {
    guard let data = Data(base64Encoded: base64) else {
      return .failure(Problem(message: "not base64"))
    }
    let document: Document
    do {
      document = try JSONDecoder().decode(Document.self, from: data)
    } catch {
      return .failure(Problem(message: "not the JSON KRC uses"))
    }
    let translations =
      document.content.first(where: { $0.type == 1 })?.lyricContent.map { pieces -> String? in
        let text = pieces.joined()
        return text.isEmpty || text == "//" ? nil : text
      } ?? []
    let romanisations =
      document.content.first(where: { $0.type == 0 })?.lyricContent.map { pieces -> String? in
        let words = pieces.map { $0.trimmingSpacesAndTabs() }.filter { !$0.isEmpty }
        return words.isEmpty ? nil : words.joined(separator: " ")
      } ?? []
    return .success((translations, romanisations))
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
