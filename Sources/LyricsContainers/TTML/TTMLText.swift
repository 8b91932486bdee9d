/// How TTML's whitespace becomes lyric text. Spaces between spans are word boundaries
/// (`</span> <span>`), no whitespace joins syllables (`</span><span>`), and the indentation of
/// a pretty-printed file (whitespace that holds a line break) is layout, not text.
enum TTMLText {
  static func isSpace(_ character: Character) -> Bool {
    character == " " || character == "\t" || character == "\n" || character == "\r"
      || character == "\r\n"
  }

  static func hasLineBreak(_ text: Substring) -> Bool {
    text.utf8.contains { $0 == 0x0A || $0 == 0x0D }
  }

  /// Only spaces, tabs and line breaks (checked on the bytes: this runs for every text node).
  static func isAllSpace(_ text: String) -> Bool {
    text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
  }

  /// `text` with each whitespace run that holds a line break removed at the edges and made one
  /// space inside; runs without a line break are kept as they are.
  static func normalized(_ text: String) -> String {
    guard hasLineBreak(text[...]) else { return text }
    var output = ""
    var run = ""
    var sawText = false
    for character in text {
      if isSpace(character) {
        run.append(character)
        continue
      }
      if !run.isEmpty {
        if !hasLineBreak(run[...]) {
          output += run
        } else if sawText {
          output += " "
        }
        run = ""
      }
      output.append(character)
      sawText = true
    }
    if !run.isEmpty, !hasLineBreak(run[...]) { output += run }
    return output
  }

  /// The text a reader sees: all the text inside, without ruby readings (`tts:ruby="text"`,
  /// `"textContainer"`, `"delimiter"`): a ruby line shows its base text.
  static func lyricText(_ element: XMLElement) -> String {
    element.children.map {
      switch $0 {
      case .text(let text): text
      case .element(let child): isRubyReading(child) ? "" : lyricText(child)
      }
    }.joined()
  }

  static func isRubyReading(_ element: XMLElement) -> Bool {
    switch element["ruby"] {
    case "text", "textContainer", "delimiter": true
    default: false
    }
  }

  /// Whitespace only, spaces and tabs trimmed.
  static func trimmed(_ text: String) -> String {
    String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
  }

  /// Text for an XML text node or attribute value.
  static func escaped(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "\n", "\r", "\r\n": output += " "
      default: output.append(character)
      }
    }
    return output
  }
}
