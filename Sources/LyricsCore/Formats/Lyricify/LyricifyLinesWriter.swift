/// Writes Lyricify Lines: ID tags, then `[start,end]text` per line, times as the file spells
/// them (effective time + offset). A line without an end ends where the next line starts (the
/// last one where it starts); word timing and everything else but the text is left out, as
/// `LyricsFormat.losses(writing:)` says.
public enum LyricifyLinesWriter {
  public static func write(_ lyrics: Lyrics) -> String {
    var output = HeaderTag.write(lyrics)
    let offset = lyrics.offsetMs
    let lines = lyrics.lines
    for index in lines.indices {
      let line = lines[index]
      let start = max(0, line.ms + offset)
      let fallbackEnd = index + 1 < lines.count ? max(lines[index + 1].ms, line.ms) : line.ms
      let end = max(start, (line.endMs ?? fallbackEnd) + offset)
      output += "[\(start),\(end)]\(HeaderTag.oneLine(line.text))\n"
    }
    return output
  }
}
