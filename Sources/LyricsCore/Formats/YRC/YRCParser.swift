import FoundationEssentials

/// Reads NetEase's YRC: `[start,duration](start,dur,0)word(start,dur,0)word…`, absolute times
/// in milliseconds, each stamp before its word; punctuation comes as zero-length syllables.
/// The JSON lines (`{"t":0,"c":[{"tx":"作词: "},{"tx":"…"}]}`) are credits, not lyrics.
public enum YRCParser {
  public static func parse(utf8: [UInt8]) -> LRCParseResult {
    var builder = LyricsBuilder()
    DurationLineParser.parse(
      utf8: utf8, formatName: "YRC", builder: &builder,
      splitWords: { bytes, range, _ in
        StampedWords.stampFirst(
          bytes, range, open: UInt8(ascii: "("), close: UInt8(ascii: ")"), base: 0)
      },
      otherLine: { bytes, range, number, builder in
        guard bytes[range.lowerBound] == UInt8(ascii: "{") else { return false }
        if let credit = YRCCreditLine.decode(UnsafeBufferPointer(rebasing: bytes[range])) {
          builder.credits.append(credit)
        } else {
          builder.warning(line: number, "credit line is not the JSON YRC uses; ignored")
        }
        return true
      })
    return builder.finish()
  }

  public static func parse(_ text: String) -> LRCParseResult { parse(utf8: Array(text.utf8)) }
}
