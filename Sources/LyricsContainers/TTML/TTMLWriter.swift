import LyricsCore

/// Writes Apple-style TTML: `itunes:timing="Word"` when a line has words (else `"Line"`),
/// agents declared in the order they first sing, translations and romanisations in
/// `<iTunesMetadata>` linked by `itunes:key`, songwriters from the credits, background vocals
/// as an `x-bg` span (their own translation and romanisation inside it). Each `<p>` is one
/// line of the file, so no indentation can become text; spaces are written between spans,
/// syllables of one word abut. Times are effective (the offset applied); TTML has no offset of
/// its own.
public enum TTMLWriter {
  public static func write(_ lyrics: Lyrics) -> String {
    let lines = lyrics.lines
    let wordTimed = lines.contains { !$0.words.isEmpty || !($0.background?.words.isEmpty ?? true) }
    var agents: [String] = []
    for agent in lines.compactMap(\.agent) where !agents.contains(agent) { agents.append(agent) }
    let e = TTMLText.escaped
    var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    output +=
      "<tt xmlns=\"http://www.w3.org/ns/ttml\" xmlns:ttm=\"http://www.w3.org/ns/ttml#metadata\""
      + " xmlns:itunes=\"http://music.apple.com/lyric-ttml-internal\""
      + " itunes:timing=\"\(wordTimed ? "Word" : "Line")\""
    if let language = lyrics.metadata["language"] { output += " xml:lang=\"\(e(language))\"" }
    output += ">\n<head><metadata>"
    if let title = lyrics.metadata["ti"] { output += "<ttm:title>\(e(title))</ttm:title>" }
    for agent in agents { output += "<ttm:agent type=\"person\" xml:id=\"\(e(agent))\"/>" }
    let translated = lines.contains { $0.translation != nil }
    let romanised = lines.contains { $0.romanisation != nil }
    if translated || romanised || !lyrics.credits.isEmpty {
      output += "<iTunesMetadata xmlns=\"http://music.apple.com/lyric-ttml-internal\">"
      if translated {
        output += "<translations><translation type=\"subtitle\">"
        for (index, line) in lines.enumerated() {
          if let text = line.translation {
            output += "<text for=\"L\(index + 1)\">\(e(text))</text>"
          }
        }
        output += "</translation></translations>"
      }
      if romanised {
        output += "<transliterations><transliteration>"
        for (index, line) in lines.enumerated() {
          if let text = line.romanisation {
            output += "<text for=\"L\(index + 1)\">\(e(text))</text>"
          }
        }
        output += "</transliteration></transliterations>"
      }
      if !lyrics.credits.isEmpty {
        output += "<songwriters>"
        for credit in lyrics.credits { output += "<songwriter>\(e(credit.text))</songwriter>" }
        output += "</songwriters>"
      }
      output += "</iTunesMetadata>"
    }
    output += "</metadata></head>\n<body><div>\n"
    for (index, line) in lines.enumerated() {
      let next = index + 1 < lines.count ? lines[index + 1].ms : line.lastMs
      let end = line.endMs ?? (line.words.isEmpty ? max(line.ms, next) : line.lastMs)
      output += "<p begin=\"\(TTMLTime.string(line.ms))\" end=\"\(TTMLTime.string(end))\""
      output += " itunes:key=\"L\(index + 1)\""
      if let agent = line.agent { output += " ttm:agent=\"\(e(agent))\"" }
      output += ">"
      output += words(line.words, text: line.text, lineEnd: end)
      if let background = line.background {
        output += "<span ttm:role=\"x-bg\" begin=\"\(TTMLTime.string(background.ms))\""
        if let end = background.endMs { output += " end=\"\(TTMLTime.string(end))\"" }
        output += ">" + words(background.words, text: background.text, lineEnd: background.endMs)
        // The background's own translation and romanisation go inside it, as Apple writes them.
        if let translation = background.translation {
          output += "<span ttm:role=\"x-translation\">\(e(translation))</span>"
        }
        if let romanisation = background.romanisation {
          output += "<span ttm:role=\"x-roman\">\(e(romanisation))</span>"
        }
        output += "</span>"
      }
      output += "</p>\n"
    }
    output += "</div></body>\n</tt>\n"
    return output
  }

  /// Timed spans with the spaces between them, or the plain text.
  static func words(_ words: [LyricWord], text: String, lineEnd: Int?) -> String {
    guard !words.isEmpty else { return TTMLText.escaped(text) }
    var output = ""
    for (index, word) in words.enumerated() {
      let next = index + 1 < words.count ? words[index + 1].ms : lineEnd
      var core = Substring(word.text)
      var leading = ""
      var trailing = ""
      if !core.allSatisfy(TTMLText.isSpace) {
        while let first = core.first, TTMLText.isSpace(first) {
          leading.append(first)
          core.removeFirst()
        }
        while let last = core.last, TTMLText.isSpace(last) {
          trailing.insert(last, at: trailing.startIndex)
          core.removeLast()
        }
      }
      output += TTMLText.escaped(leading)
      output += "<span begin=\"\(TTMLTime.string(word.ms))\""
      if let end = word.endMs ?? next { output += " end=\"\(TTMLTime.string(end))\"" }
      output += ">\(TTMLText.escaped(String(core)))</span>"
      output += TTMLText.escaped(trailing)
    }
    return output
  }
}
