import LyricsCore

/// Reads Apple Music's TTML lyrics (through libxml2, see `XMLCalls`): `<p begin end>` lines;
/// with `itunes:timing="Word"`, timed `<span>`s as words, the whitespace between them deciding
/// where words end; `ttm:agent` duets; background vocals (`ttm:role="x-bg"`) as the line's
/// background part with their own words, translation and romanisation; translations and
/// transliterations inline (`x-translation`, `x-roman`) or in `<iTunesMetadata>` by `for` ↔
/// `itunes:key` (of several, the one in the user's language, `TTMLLanguage`); ruby as its base
/// text; songwriters as credits; the title and language as metadata. Times are effective: there
/// is no offset.
public enum TTMLParser {
  /// `locale` picks among several translations; by default the environment's (`LC_ALL`,
  /// `LC_MESSAGES`, `LANG`).
  public static func parse(_ bytes: [UInt8], locale: String? = TTMLLanguage.preferred())
    throws(LyricsContainerError) -> LRCParseResult
  {
    let root =
      if let wide = TTMLBytes.transcoded(bytes) {
        try XMLCalls.parse(wide.utf8, encoding: "UTF-8")
      } else {
        try XMLCalls.parse(bytes)
      }
    return try parse(root: root, locale: locale)
  }

  static func parse(root: XMLElement, locale: String? = nil) throws(LyricsContainerError)
    -> LRCParseResult
  {
    guard root.name == "tt" else {
      throw .notTheFormat(format: "TTML", reason: "the root element is <\(root.name)>, not <tt>")
    }
    let base = TTMLTimeBase(root)
    var builder = LyricsBuilder()
    if let language = root["lang"], !language.isEmpty { builder.metadata["language"] = language }
    let head = root.elements(named: "head")
    if let title = head.flatMap({ $0.descendants(named: "title") }).first {
      builder.metadata["ti"] = TTMLText.trimmed(TTMLText.normalized(title.textContent))
    }
    let translations = sidecar(head, group: "translation", locale: locale, builder: &builder)
    let transliterations = sidecar(
      head, group: "transliteration", locale: locale, builder: &builder)
    builder.credits = head.flatMap { $0.descendants(named: "songwriter") }.map {
      LyricCredit(text: TTMLText.trimmed(TTMLText.normalized($0.textContent)))
    }
    for body in root.elements(named: "body") {
      for paragraph in body.descendants(named: "p") {
        guard var line = line(paragraph, base: base, builder: &builder) else { continue }
        if let key = paragraph["key"] {
          if line.translation == nil { line.translation = translations[key]?.main }
          if line.romanisation == nil { line.romanisation = transliterations[key]?.main }
          if line.background?.translation == nil {
            line.background?.translation = translations[key]?.background
          }
          if line.background?.romanisation == nil {
            line.background?.romanisation = transliterations[key]?.background
          }
        }
        builder.append(line, sourceLine: paragraph.line)
      }
    }
    return builder.finish(applyOffset: false)
  }

  /// A sidecar `<text>`: the lead part, and the background part (its `x-bg` spans).
  struct SidecarText {
    var main: String?
    var background: String?
  }

  /// `<translation><text for="L1">…</text></translation>` (or transliteration) by key, from
  /// the block `TTMLLanguage` chooses when there are several (named in a warning).
  static func sidecar(
    _ head: [XMLElement], group: String, locale: String?, builder: inout LyricsBuilder
  ) -> [String: SidecarText] {
    let blocks = head.flatMap { $0.descendants(named: group) }
    guard !blocks.isEmpty else { return [:] }
    let chosen = TTMLLanguage.choose(blocks.map { $0["lang"] }, locale: locale)
    if blocks.count > 1 {
      func name(_ block: XMLElement) -> String { "'\(block["lang"] ?? "no language")'" }
      let others = blocks.indices.filter { $0 != chosen }.map { name(blocks[$0]) }
      let reason =
        locale.map { "for the locale '\($0)'" } ?? "the first (no language in the environment)"
      builder.warning(
        line: blocks[chosen].line,
        "\(blocks.count) \(group)s: using \(name(blocks[chosen])) \(reason); not "
          + others.joined(separator: ", "))
    }
    var texts: [String: SidecarText] = [:]
    for text in blocks[chosen].elements(named: "text") {
      guard let key = text["for"] else { continue }
      var entry = SidecarText()
      // With the background part taken out, the spaces on either side of it are one.
      let main = spacesJoined(textWithoutBackground(text))
      if !main.isEmpty { entry.main = main }
      let background = spacesJoined(
        backgroundParts(text).map(TTMLText.lyricText).joined(separator: " "))
      if !background.isEmpty { entry.background = background }
      texts[key] = entry
    }
    return texts
  }

  static func spacesJoined(_ text: String) -> String {
    TTMLText.trimmed(
      TTMLText.normalized(text).split(separator: " ", omittingEmptySubsequences: true)
        .joined(separator: " "))
  }

  static func textWithoutBackground(_ element: XMLElement) -> String {
    element.children.map {
      switch $0 {
      case .text(let text): text
      case .element(let child):
        child["role"] == "x-bg" || TTMLText.isRubyReading(child)
          ? "" : textWithoutBackground(child)
      }
    }.joined()
  }

  /// The outermost `x-bg` spans inside `element`.
  static func backgroundParts(_ element: XMLElement) -> [XMLElement] {
    element.elements.flatMap { $0["role"] == "x-bg" ? [$0] : backgroundParts($0) }
  }

  struct Extras {
    var translation: String?
    var romanisation: String?
    var background: LyricBackground?
  }

  static func line(_ paragraph: XMLElement, base: TTMLTimeBase, builder: inout LyricsBuilder)
    -> LyricLine?
  {
    var collector = TTMLWordCollector()
    var extras = Extras()
    walk(
      paragraph.children, into: &collector, extras: &extras, allowBackground: true, base: base,
      builder: &builder)
    let begin =
      paragraph["begin"].flatMap { TTMLTime.parse($0, base: base) }
      ?? collector.words.first?.ms
    guard let begin else {
      builder.warning(line: paragraph.line, "<p> without a valid begin time; skipped")
      return nil
    }
    let end = paragraph["end"].flatMap { TTMLTime.parse($0, base: base) }
    let (words, text) = collector.finish(lineMs: begin)
    return LyricLine(
      ms: begin, text: text, words: words, endMs: end, translation: extras.translation,
      romanisation: extras.romanisation, agent: paragraph["agent"], background: extras.background)
  }

  static func walk(
    _ children: [XMLElement.Child], into collector: inout TTMLWordCollector, extras: inout Extras,
    allowBackground: Bool, base: TTMLTimeBase, builder: inout LyricsBuilder
  ) {
    for child in children {
      switch child {
      case .text(let text):
        collector.addText(text)
      case .element(let element) where element.name == "span":
        switch element["role"] {
        case "x-bg" where allowBackground:
          extras.background = background(element, base: base, builder: &builder)
        case "x-translation":
          extras.translation = TTMLText.trimmed(TTMLText.normalized(TTMLText.lyricText(element)))
        case "x-roman":
          extras.romanisation = TTMLText.trimmed(TTMLText.normalized(TTMLText.lyricText(element)))
        case _ where TTMLText.isRubyReading(element):
          continue  // a ruby reading: the line shows the base text
        default:
          if let begin = element["begin"] {
            guard let ms = TTMLTime.parse(begin, base: base) else {
              builder.warning(
                line: element.line, "word time '\(begin)' is not a TTML time; kept as text")
              collector.addText(TTMLText.lyricText(element))
              continue
            }
            collector.addWord(
              ms: ms, endMs: element["end"].flatMap { TTMLTime.parse($0, base: base) },
              text: TTMLText.lyricText(element))
          } else {
            walk(
              element.children, into: &collector, extras: &extras, allowBackground: allowBackground,
              base: base, builder: &builder)
          }
        }
      case .element:
        continue  // <br/> and the like carry no lyric text
      }
    }
  }

  static func background(_ span: XMLElement, base: TTMLTimeBase, builder: inout LyricsBuilder)
    -> LyricBackground?
  {
    var collector = TTMLWordCollector()
    var extras = Extras()
    walk(
      span.children, into: &collector, extras: &extras, allowBackground: false, base: base,
      builder: &builder)
    let begin =
      span["begin"].flatMap { TTMLTime.parse($0, base: base) } ?? collector.words.first?.ms
    guard let begin else {
      builder.warning(line: span.line, "background vocals without a time; skipped")
      return nil
    }
    let end =
      span["end"].flatMap { TTMLTime.parse($0, base: base) }
      ?? collector.words.last.flatMap { $0.endMs ?? $0.ms }
    let (words, text) = collector.finish(lineMs: begin)
    return LyricBackground(
      ms: begin, endMs: end, text: text, words: words, translation: extras.translation,
      romanisation: extras.romanisation)
  }
}
