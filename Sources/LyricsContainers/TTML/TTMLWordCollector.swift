import LyricsCore

/// Gathers the words of a `<p>` (or of its background span) in document order, applying
/// `TTMLText`'s whitespace rules: a space between spans ends the word before it, untimed text
/// joins the word before it (or leads the first one).
struct TTMLWordCollector {
  private(set) var words: [LyricWord] = []
  private var lead = ""

  mutating func addText(_ raw: String) {
    if TTMLText.isAllSpace(raw) {
      // Indentation is layout; before the first word, whitespace is nothing.
      guard !TTMLText.hasLineBreak(raw[...]), !words.isEmpty else { return }
      words[words.count - 1].text += raw
      return
    }
    let text = TTMLText.normalized(raw)
    if words.isEmpty { lead += text } else { words[words.count - 1].text += text }
  }

  mutating func addWord(ms: Int, endMs: Int?, text: String) {
    words.append(LyricWord(ms: ms, text: TTMLText.normalized(text), endMs: endMs))
  }

  /// The words with the lead text placed and the edges trimmed, and the text they make.
  /// Without timed words the text is the untimed text alone (a line-timed `<p>`).
  func finish(lineMs: Int) -> (words: [LyricWord], text: String) {
    var words = self.words
    guard !words.isEmpty else { return ([], TTMLText.trimmed(lead)) }
    if !lead.isEmpty { words[0].text = lead + words[0].text }
    words[0].text = String(words[0].text.drop(while: TTMLText.isSpace))
    var last = words[words.count - 1].text
    while let character = last.last, TTMLText.isSpace(character) { last.removeLast() }
    words[words.count - 1].text = last
    return (words, words.map(\.text).joined())
  }
}
