extension LyricsFormat {
  /// What the Lyricify formats lose beyond what `losses(writing:)` counts for every format:
  /// Lyricify Syllable times only words (a line starts with its first word and ends with its
  /// last) and knows two singers; Lyricify Lines, like KRC, QRC, YRC and TTML, needs an end on
  /// every line.
  func lyricifyLosses(writing lyrics: Lyrics) -> [String] {
    let lines = lyrics.lines
    var lost: [String] = []
    func note(_ number: Int, _ what: String) {
      if number > 0 { lost.append("\(what) of \(number) line(s) (\(displayName) cannot hold it)") }
    }
    switch self {
    case .lys:
      note(
        lines.filter { $0.words.isEmpty }.count,
        "the line without word timing (written as one timed word)")
      note(
        lines.filter { line in
          !line.words.isEmpty && !Self.wordsSpell(line.words, ms: line.ms, endMs: line.lastMs)
        }.count, "a line start, line end or open word end apart from its words' times")
      note(
        lines.filter { line in
          guard let background = line.background else { return false }
          return background.words.isEmpty
            || !Self.wordsSpell(
              background.words, ms: background.ms,
              endMs: background.endMs ?? background.words.last?.endMs)
        }.count, "background vocals timed apart from their words")
      note(
        lines.filter { $0.agent != nil && $0.agent != "v1" && $0.agent != "v2" }.count,
        "a singer other than v1 (left) and v2 (right)")
    case .lyl, .krc, .qrc, .yrc, .ttml:
      // Each line carries its end (a duration): one without an end gets the next line's start.
      note(lines.filter { $0.endMs == nil }.count, "no end (written as the next line's start)")
    default:
      break
    }
    return lost
  }

  /// Whether the line's own times are what its words say, every word with its end: only then
  /// does Lyricify Syllable, which writes words alone, give the same times back.
  private static func wordsSpell(_ words: [LyricWord], ms: Int, endMs: Int?) -> Bool {
    guard let first = words.first, let last = words.last else { return false }
    return first.ms == ms && last.endMs == endMs && words.allSatisfy { $0.endMs != nil }
  }
}
