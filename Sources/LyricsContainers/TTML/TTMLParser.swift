import LyricsCore

/// Reads Apple Music's TTML lyrics (through libxml2, see `XMLCalls`): `<p begin end>` lines;
/// with `itunes:timing="Word"`, timed `<span>`s as words, the whitespace between them deciding
/// where words end; `ttm:agent` duets; background vocals (`ttm:role="x-bg"`) as the line's
/// background part with their own words; translations and transliterations inline
/// (`x-translation`, `x-roman`) or in `<iTunesMetadata>` by `for` ↔ `itunes:key`; songwriters
/// as credits; the title and language as metadata. Times are effective: there is no offset.
public enum TTMLParser {
  public static func parse(_ bytes: [UInt8]) throws(LyricsContainerError) -> LRCParseResult {
    try parse(root: XMLCalls.parse(bytes))
  }

  static func parse(root: XMLElement) throws(LyricsContainerError) -> LRCParseResult {
    guard root.name == "tt" else {
      throw .notTheFormat(format: "TTML", reason: "the root element is <\(root.name)>, not <tt>")
    }
    var builder = LyricsBuilder()
    if let language = root["lang"], !language.isEmpty { builder.metadata["language"] = language }
    let head = root.elements(named: "head")
    if let title = head.flatMap({ $0.descendants(named: "title") }).first {
      builder.metadata["ti"] = TTMLText.trimmed(TTMLText.normalized(title.textContent))
    }
    let translations = sidecar(head, group: "translation")
    let transliterations = sidecar(head, group: "transliteration")
    builder.credits = head.flatMap { $0.descendants(named: "songwriter") }.map {
      LyricCredit(text: TTMLText.trimmed(TTMLText.normalized($0.textContent)))
    }
    for body in root.elements(named: "body") {
      for paragraph in body.descendants(named: "p") {
        guard var line = line(paragraph, builder: &builder) else { continue }
        if let key = paragraph["key"] {
          if line.translation == nil { line.translation = translations[key] }
          if line.romanisation == nil { line.romanisation = transliterations[key] }
        }
        builder.append(line, sourceLine: paragraph.line)
      }
    }
    return builder.finish(applyOffset: false)
  }

  /// `<translation><text for="L1">…</text></translation>` (or transliteration) by key; the
  /// background part inside a sidecar text is left out.
  static func sidecar(_ head: [XMLElement], group: String) -> [String: String] {
    var texts: [String: String] = [:]
    for element in head.flatMap({ $0.descendants(named: group) }) {
      for text in element.elements(named: "text") {
        guard let key = text["for"] else { continue }
        // With the background part taken out, the spaces on either side of it are one.
        let value = TTMLText.trimmed(
          TTMLText.normalized(textWithoutBackground(text)).split(
            separator: " ", omittingEmptySubsequences: true
          ).joined(separator: " "))
        if !value.isEmpty { texts[key] = value }
      }
    }
    return texts
  }

  static func textWithoutBackground(_ element: XMLElement) -> String {
    element.children.map {
      switch $0 {
      case .text(let text): text
      case .element(let child): child["role"] == "x-bg" ? "" : textWithoutBackground(child)
      }
    }.joined()
  }

  struct Extras {
    var translation: String?
    var romanisation: String?
    var background: LyricBackground?
  }

  static func line(_ paragraph: XMLElement, builder: inout LyricsBuilder) -> LyricLine? {
    var collector = TTMLWordCollector()
    var extras = Extras()
    walk(
      paragraph.children, into: &collector, extras: &extras, allowBackground: true,
      builder: &builder)
    let begin = paragraph["begin"].flatMap(TTMLTime.parse) ?? collector.words.first?.ms
    guard let begin else {
      builder.warning(line: paragraph.line, "<p> without a valid begin time; skipped")
      return nil
    }
    let end = paragraph["end"].flatMap(TTMLTime.parse)
    let (words, text) = collector.finish(lineMs: begin)
    return LyricLine(
      ms: begin, text: text, words: words, endMs: end, translation: extras.translation,
      romanisation: extras.romanisation, agent: paragraph["agent"], background: extras.background)
  }

  static func walk(
    _ children: [XMLElement.Child], into collector: inout TTMLWordCollector, extras: inout Extras,
    allowBackground: Bool, builder: inout LyricsBuilder
  ) {
    for child in children {
      switch child {
      case .text(let text):
        collector.addText(text)
      case .element(let element) where element.name == "span":
        switch element["role"] {
        case "x-bg" where allowBackground:
          extras.background = background(element, builder: &builder)
        case "x-translation":
          extras.translation = TTMLText.trimmed(TTMLText.normalized(element.textContent))
        case "x-roman":
          extras.romanisation = TTMLText.trimmed(TTMLText.normalized(element.textContent))
        default:
          if let begin = element["begin"] {
            guard let ms = TTMLTime.parse(begin) else {
              builder.warning(
                line: element.line, "word time '\(begin)' is not a TTML time; kept as text")
              collector.addText(element.textContent)
              continue
            }
            collector.addWord(
              ms: ms, endMs: element["end"].flatMap(TTMLTime.parse), text: element.textContent)
          } else {
            walk(
              element.children, into: &collector, extras: &extras, allowBackground: allowBackground,
              builder: &builder)
          }
        }
      case .element:
        continue  // <br/> and the like carry no lyric text
      }
    }
  }

  static func background(_ span: XMLElement, builder: inout LyricsBuilder) -> LyricBackground? {
    var collector = TTMLWordCollector()
    var extras = Extras()
    walk(
      span.children, into: &collector, extras: &extras, allowBackground: false, builder: &builder)
    let begin = span["begin"].flatMap(TTMLTime.parse) ?? collector.words.first?.ms
    guard let begin else {
      builder.warning(line: span.line, "background vocals without a time; skipped")
      return nil
    }
    let end =
      span["end"].flatMap(TTMLTime.parse) ?? collector.words.last.flatMap { $0.endMs ?? $0.ms }
    let (words, text) = collector.finish(lineMs: begin)
    return LyricBackground(ms: begin, endMs: end, text: text, words: words)
  }
}
