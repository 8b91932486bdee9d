import LyricsCore
import PlayerContract

extension ID3SyncedLyrics {
  /// The entries as the app's lyrics model, with times in milliseconds.
  ///
  /// Writers use the entries in two ways, and the line breaks in the texts tell them apart:
  /// - When some text holds a line break, entries are words or syllables: an entry whose text
  ///   begins with a line break (and the first entry) begins a new line, an entry whose text
  ///   ends with one ends its line, and the entries in between are the line's words, as an
  ///   enhanced LRC line with `<mm:ss.xx>` word stamps would give (a line of one entry is a
  ///   plain line). A last word with no text marks when the line ends (`endMs`).
  /// - When no text holds a line break, each entry is a line of its own.
  ///
  /// Texts are trimmed like LRC lines (words keep their inner spaces, so the words joined are
  /// the line's text); a line break inside a text becomes a space. Lines are sorted by time,
  /// equal times keeping frame order; a line whose words go back in time keeps its text but
  /// not its word timing.
  ///
  /// Nil when the timestamps count MPEG frames and `frameTiming` is nil or unusable: the
  /// caller says so, rather than showing lines at wrong times.
  public func lyrics(frameTiming: MPEGFrameTiming?) -> Lyrics? {
    var timed: [(ms: Int, text: String)] = []
    timed.reserveCapacity(entries.count)
    for entry in entries {
      switch timestampFormat {
      case .milliseconds:
        timed.append((Int(entry.time), entry.text))
      case .mpegFrames:
        guard let ms = frameTiming?.milliseconds(ofFrame: entry.time) else { return nil }
        timed.append((ms, entry.text))
      }
    }
    let hasBreaks = entries.contains { $0.text.contains(where: \.isNewline) }
    let lines = hasBreaks ? Self.wordLines(timed) : timed.map { Self.plainLine($0.ms, $0.text) }
    return Lyrics(lines: Self.sortedStably(lines))
  }

  private static func plainLine(_ ms: Int, _ text: String) -> LyricLine {
    LyricLine(ms: ms, text: Self.oneLine(text).trimmingSpacesAndTabs())
  }

  /// Groups word entries into lines at the line breaks.
  private static func wordLines(_ timed: [(ms: Int, text: String)]) -> [LyricLine] {
    var lines: [LyricLine] = []
    var words: [LyricWord] = []
    var lineEnded = true
    for (ms, text) in timed {
      let startsLine = text.first.map(\.isNewline) ?? false
      let endsLine = text.last.map(\.isNewline) ?? false
      if (startsLine || lineEnded), !words.isEmpty {
        lines.append(line(of: words))
        words = []
      }
      words.append(LyricWord(ms: ms, text: oneLine(text.trimmingLineBreaks())))
      lineEnded = endsLine
    }
    if !words.isEmpty { lines.append(line(of: words)) }
    return lines
  }

  /// One line from its word entries: trimmed at both ends as LRC texts are, a last word with
  /// no text taken as the line's end.
  private static func line(of entries: [LyricWord]) -> LyricLine {
    let lineMs = entries.first?.ms ?? 0
    var words = entries
    var endMs: Int?
    if words.count > 1, let last = words.last, last.text.trimmingSpacesAndTabs().isEmpty {
      endMs = last.ms
      words.removeLast()
    }
    // Leading words with no text add nothing; the line still begins at its first entry.
    while words.count > 1, words[0].text.trimmingSpacesAndTabs().isEmpty { words.removeFirst() }
    if let first = words.first {
      words[0].text = String(first.text.drop { $0 == " " || $0 == "\t" })
    }
    if let last = words.last {
      words[words.count - 1].text = String(
        last.text.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
    let text = words.map(\.text).joined()
    let inOrder = zip(words, words.dropFirst()).allSatisfy { $0.ms <= $1.ms }
    guard words.count > 1 || endMs != nil, inOrder, (endMs ?? Int.max) >= (words.last?.ms ?? 0)
    else { return LyricLine(ms: lineMs, text: text) }
    return LyricLine(ms: lineMs, text: text, words: words, endMs: endMs)
  }

  /// A text with its line breaks inside turned into spaces.
  private static func oneLine(_ text: String) -> String {
    guard text.contains(where: \.isNewline) else { return text }
    return String(text.map { $0.isNewline ? " " : $0 })
  }

  private static func sortedStably(_ lines: [LyricLine]) -> [LyricLine] {
    lines.enumerated().sorted { ($0.element.ms, $0.offset) < ($1.element.ms, $1.offset) }
      .map(\.element)
  }
}

extension String {
  /// Without line breaks at either end.
  fileprivate func trimmingLineBreaks() -> String {
    String(drop(while: \.isNewline).reversed().drop(while: \.isNewline).reversed())
  }
}
