/// Writes NetEase's YRC: the credits as JSON lines first, then
/// `[start,duration](start,dur,0)word…` with absolute milliseconds.
public enum YRCWriter {
  public static func write(_ lyrics: Lyrics) -> String {
    // Credits are written with the offset added back, as the lines are.
    let credits = lyrics.credits.map { credit in
      var written = credit
      written.ms = credit.ms.map { $0 + lyrics.offsetMs }
      return YRCCreditLine.encode(written) + "\n"
    }.joined()
    return DurationLineWriter.write(lyrics, header: credits) { line, times, _ in
      zip(line.words, times).map { word, time in
        "(\(time.start),\(time.duration),0)\(HeaderTag.oneLine(word.text))"
      }.joined()
    }
  }
}
