/// LRC writes lines that start together one after another on one stamp, and its reader pairs
/// them back by `SameStampLines`' rule: a repeat of a line's text and singer is one line, a line
/// in another script is the translation of the line before it. Which lines come back otherwise
/// is that rule's outcome, so it is read here by reading the written text back (only when two
/// lines share a start, which few documents have), not guessed by a second copy of the rule.
enum LRCSameStartLoss {
  /// How many of the lines that share a start with another do not come back as lines.
  static func linesReadBackOtherwise(_ lyrics: Lyrics, as format: LyricsFormat) -> Int {
    let lines = lyrics.lines
    let shared = Set(
      zip(lines, lines.dropFirst()).compactMap { pair in pair.0.ms == pair.1.ms ? pair.0.ms : nil })
    guard !shared.isEmpty, let text = LyricsTextFormats.write(lyrics, as: format) else { return 0 }
    var readBack: [Int: [String]] = [:]
    for line in LRCParser.parse(utf8: Array(text.utf8)).lyrics.lines where shared.contains(line.ms)
    {
      readBack[line.ms, default: []].append(line.text)
    }
    var missing = 0
    for line in lines where shared.contains(line.ms) {
      if let found = readBack[line.ms]?.firstIndex(of: line.text) {
        readBack[line.ms]?.remove(at: found)
      } else {
        missing += 1
      }
    }
    return missing
  }
}
