/// Writes the `[start,duration]` line grammar QRC, YRC and KRC share: ID tags, then one line
/// per lyric line with its times as written in the file (effective time + offset). The words
/// are the format's own (`words`). Times before zero cannot be written and become 0 (the
/// conversion's loss report says so).
enum DurationLineWriter {
  /// A word's start and duration as the file spells them.
  struct WordTime {
    var start: Int
    var duration: Int
  }

  static func write(
    _ lyrics: Lyrics, header: String = "",
    words: (_ line: LyricLine, _ times: [WordTime], _ lineStart: Int) -> String
  ) -> String {
    var output = HeaderTag.write(lyrics) + header
    let offset = lyrics.offsetMs
    for line in lyrics.lines {
      let start = max(0, line.ms + offset)
      let duration = max(0, line.lastMs + offset - start)
      output += "[\(start),\(duration)]"
      if line.words.isEmpty {
        output += HeaderTag.oneLine(line.text)
      } else {
        output += words(line, wordTimes(line, offset: offset), start)
      }
      output += "\n"
    }
    return output
  }

  /// Each word's start and duration; a word without an end lasts until the next word starts
  /// (or the line ends).
  static func wordTimes(_ line: LyricLine, offset: Int) -> [WordTime] {
    line.words.indices.map { index in
      let word = line.words[index]
      let next = index + 1 < line.words.count ? line.words[index + 1].ms : line.lastMs
      let start = max(0, word.ms + offset)
      return WordTime(start: start, duration: max(0, (word.endMs ?? next) + offset - start))
    }
  }
}
