/// Writes Lyricify Syllable: ID tags, then each line as `[property]word(start,duration)…` and
/// its background vocals, if any, as a line of their own right after it, on the same side.
/// Lines are marked as main vocals (`[3]`, `[4]`, `[5]`), never "not set", so a reader that
/// tells them apart from background lines by the mark alone reads them right. What the format
/// cannot hold is listed by `LyricsFormat.losses(writing:)`.
public enum LyricifySyllableWriter {
  public static func write(_ lyrics: Lyrics) -> String {
    var output = HeaderTag.write(lyrics)
    let offset = lyrics.offsetMs
    for line in lyrics.lines {
      let side = LyricifyProperty.side(agent: line.agent)
      output += "[\(LyricifyProperty(side: side, vocal: .main).number)]"
      output += words(line.words, text: line.text, ms: line.ms, endMs: line.lastMs, offset: offset)
      output += "\n"
      if let background = line.background {
        output += "[\(LyricifyProperty(side: side, vocal: .background).number)]"
        output += words(
          background.words, text: background.text, ms: background.ms,
          endMs: background.endMs ?? background.words.last?.endMs ?? background.ms, offset: offset)
        output += "\n"
      }
    }
    return output
  }

  /// `word(start,duration)…`; text without word timing becomes one word over its whole time.
  private static func words(
    _ words: [LyricWord], text: String, ms: Int, endMs: Int, offset: Int
  ) -> String {
    let timed = words.isEmpty ? [LyricWord(ms: ms, text: text, endMs: endMs)] : words
    return timed.indices.map { index in
      let word = timed[index]
      let next = index + 1 < timed.count ? timed[index + 1].ms : endMs
      let start = max(0, word.ms + offset)
      let duration = max(0, (word.endMs ?? next) + offset - start)
      return "\(HeaderTag.oneLine(word.text))(\(start),\(duration))"
    }.joined()
  }
}
