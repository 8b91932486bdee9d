import LyricsCore

/// What an encrypted QRC decrypts to: usually QQ's XML wrapper
/// `<?xml …?><QrcInfos>…<Lyric_1 LyricType="1" LyricContent="[ti:…]…"/>…`, sometimes (a
/// translation) the LRC text alone. The wrapper is often not well-formed XML (raw `"`, `&` or
/// `<` inside the lyrics), so it is scanned, not parsed: the value of the first `LyricContent`
/// attribute runs to the first quote that closes the tag (`"/>` or `">`), and its entities are
/// decoded. A CDATA block stands in for the attribute when there is none.
public enum QRCPayload {
  /// The lyrics text inside `payload`.
  public static func lyricsText(_ payload: [UInt8]) throws(LyricsContainerError) -> String {
    var text = String(decoding: payload, as: UTF8.self)
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    guard text.drop(while: \.isWhitespace).hasPrefix("<") else { return text }
    if let content = try attribute("LyricContent", in: text) { return content }
    if let open = text.firstRange(of: "<![CDATA["),
      let close = text[open.upperBound...].firstRange(of: "]]>")
    {
      return String(text[open.upperBound..<close.lowerBound])
    }
    throw .encryptedQRC("the decrypted XML has no LyricContent attribute")
  }

  /// The lyrics in `payload`, in the text format they are written in (QRC, or LRC for a
  /// translation or a `LyricType="0"` document).
  public static func parse(_ payload: [UInt8]) throws(LyricsContainerError) -> (
    format: LyricsFormat, result: LRCParseResult
  ) {
    let utf8 = Array(try lyricsText(payload).utf8)
    let detected = LyricsFormatDetector.detect(utf8)
    let format = detected.container == .text ? detected.format : .qrc
    guard let result = LyricsTextFormats.parse(utf8: utf8, as: format) else {
      throw .notTheFormat(format: format.displayName, reason: "not text")
    }
    return (LyricsTextFormats.refined(format, result.lyrics), result)
  }

  /// The decoded value of `name="…"` (or `'…'`), nil when the attribute is absent.
  static func attribute(_ name: String, in text: String) throws(LyricsContainerError) -> String? {
    var searchFrom = text.startIndex
    while let found = text[searchFrom...].firstRange(of: name) {
      searchFrom = found.upperBound
      let afterName = text[found.upperBound...].drop { $0 == " " || $0 == "\t" }
      guard afterName.first == "=" else { continue }
      let afterEquals = afterName.dropFirst().drop { $0 == " " || $0 == "\t" }
      guard let quote = afterEquals.first, quote == "\"" || quote == "'" else { continue }
      let value = afterEquals.dropFirst()
      guard let end = closingQuote(quote, in: value) else {
        throw .encryptedQRC("the LyricContent attribute is not closed")
      }
      return decodeEntities(value[..<end])
    }
    return nil
  }

  /// The first `quote` followed (after white space) by `/>`, `>` or another attribute's
  /// `name=`; a quote inside the lyrics is followed by none of them.
  static func closingQuote(_ quote: Character, in value: Substring) -> Substring.Index? {
    var index = value.startIndex
    while let candidate = value[index...].firstIndex(of: quote) {
      let rest = value[value.index(after: candidate)...].drop { $0.isWhitespace }
      if rest.isEmpty || rest.hasPrefix("/>") || rest.hasPrefix(">") || startsAttribute(rest) {
        return candidate
      }
      index = value.index(after: candidate)
    }
    return nil
  }

  static func startsAttribute(_ text: Substring) -> Bool {
    let name = text.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    guard !name.isEmpty else { return false }
    let rest = text[name.endIndex...].drop { $0 == " " }
    return rest.hasPrefix("=\"") || rest.hasPrefix("='")
  }

  /// XML's five named entities and numeric references; anything else stays as written.
  static func decodeEntities(_ text: Substring) -> String {
    guard text.contains("&") else { return String(text) }
    var output = ""
    var rest = text
    while let amp = rest.firstIndex(of: "&") {
      output += rest[..<amp]
      let tail = rest[rest.index(after: amp)...]
      if let semicolon = tail.prefix(12).firstIndex(of: ";"),
        let decoded = entity(tail[..<semicolon])
      {
        output.append(decoded)
        rest = tail[tail.index(after: semicolon)...]
      } else {
        output.append("&")
        rest = tail
      }
    }
    return output + rest
  }

  static func entity(_ name: Substring) -> Character? {
    switch name {
    case "amp": return "&"
    case "lt": return "<"
    case "gt": return ">"
    case "quot": return "\""
    case "apos": return "'"
    default:
      guard name.hasPrefix("#") else { return nil }
      let digits = name.dropFirst()
      let value =
        digits.hasPrefix("x") || digits.hasPrefix("X")
        ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
      return value.flatMap(Unicode.Scalar.init).map(Character.init)
    }
  }
}
