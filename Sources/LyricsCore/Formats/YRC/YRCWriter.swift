/// Writes NetEase's YRC: the credits as JSON lines first, then
/// `[start,duration](start,dur,0)word…` with absolute milliseconds.
public enum YRCWriter {
  public static func write(_ lyrics: Lyrics) -> String {
    let credits = lyrics.credits.map { YRCCreditLine.encode($0) + "\n" }.joined()
    return DurationLineWriter.write(lyrics, header: credits) { line, times, _ in
      zip(line.words, times).map { word, time in
        "(\(time.start),\(time.duration),0)\(HeaderTag.oneLine(word.text))"
      }.joined()
    }
  }
}
