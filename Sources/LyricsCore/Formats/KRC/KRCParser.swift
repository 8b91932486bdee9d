/// Reads Kugou's KRC text (what the binary `.krc` holds once decrypted):
/// `[start,duration]<offset,dur,0>word<offset,dur,0>word…`, line times absolute and word
/// offsets relative to the line's start, all in milliseconds. The `[language:…]` tag carries
/// the translations (see `KRCLanguageTag`).
public enum KRCParser {
  public static func parse(utf8: [UInt8]) -> LRCParseResult {
    var builder = LyricsBuilder()
    DurationLineParser.parse(utf8: utf8, formatName: "KRC", builder: &builder) {
      bytes, range, lineStart in
      StampedWords.stampFirst(
        bytes, range, open: UInt8(ascii: "<"), close: UInt8(ascii: ">"), base: lineStart)
    }
    if let language = builder.metadata.removeValue(forKey: "language") {
      switch KRCLanguageTag.decode(base64: language) {
      case .success(let (translations, romanisations)):
        // One entry per lyric line, in file order (the builder has not sorted yet).
        for (index, translation) in translations.prefix(builder.lines.count).enumerated() {
          builder.lines[index].translation = translation
        }
        for (index, romanisation) in romanisations.prefix(builder.lines.count).enumerated() {
          builder.lines[index].romanisation = romanisation
        }
        for (count, what) in [
          (translations.count, "translation"), (romanisations.count, "romanisation"),
        ]
        where count != builder.lines.count && count > 0 {
          builder.warning(
            line: 0, "[language:] has \(count) \(what)(s) for \(builder.lines.count) line(s)")
        }
      case .failure(let problem):
        builder.warning(line: 0, "[language:] tag ignored: \(problem.message)")
      }
    }
    return builder.finish()
  }

  public static func parse(_ text: String) -> LRCParseResult { parse(utf8: Array(text.utf8)) }
}
