/// Reads QQ Music's QRC text (the content of the XML wrapper, once decrypted):
/// `[start,duration]word(start,dur)word(start,dur)…`, every time absolute in milliseconds and
/// each word's text before its stamp. Parentheses that do not form a stamp are text.
public enum QRCParser {
  public static func parse(utf8: [UInt8]) -> LRCParseResult {
    var builder = LyricsBuilder()
    DurationLineParser.parse(utf8: utf8, formatName: "QRC", builder: &builder) { bytes, range, _ in
      StampedWords.textFirst(bytes, range)
    }
    return builder.finish()
  }

  public static func parse(_ text: String) -> LRCParseResult { parse(utf8: Array(text.utf8)) }
}
