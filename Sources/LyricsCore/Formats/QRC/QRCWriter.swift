/// Writes QRC text: `[start,duration]word(start,dur)…`, absolute milliseconds. What QRC cannot
/// hold (translations, romanisations, background vocals, agents, credits) is left out; see
/// `LyricsConversion.losses`.
public enum QRCWriter {
  public static func write(_ lyrics: Lyrics) -> String {
    DurationLineWriter.write(lyrics) { line, times, _ in
      zip(line.words, times).map { word, time in
        "\(HeaderTag.oneLine(word.text))(\(time.start),\(time.duration))"
      }.joined()
    }
  }
}
