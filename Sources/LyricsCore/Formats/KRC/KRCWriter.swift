/// Writes Kugou's KRC text: ID tags, `[language:…]` when a line has a translation, then
/// `[start,duration]<offset,dur,0>word…` with word offsets relative to the line's start.
public enum KRCWriter {
  public static func write(_ lyrics: Lyrics) -> String {
    var header = ""
    if lyrics.lines.contains(where: { $0.translation != nil }) {
      header = "[language:\(KRCLanguageTag.encode(lyrics.lines.map(\.translation)))]\n"
    }
    var plain = lyrics
    plain.metadata["language"] = nil  // the tag is written from the translations
    return DurationLineWriter.write(plain, header: header) { line, times, lineStart in
      zip(line.words, times).map { word, time in
        "<\(max(0, time.start - lineStart)),\(time.duration),0>\(HeaderTag.oneLine(word.text))"
      }.joined()
    }
  }
}
