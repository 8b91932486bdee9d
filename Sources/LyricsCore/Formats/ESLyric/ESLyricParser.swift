/// Reads ESLyric's word format (foobar2000): `[start]word[end] word[end]…`, LRC stamps, each
/// word followed by the stamp at which it ends; a word runs from the stamp before it to the one
/// after. Text between two adjacent stamps is empty, which leaves a gap. A space after a stamp
/// belongs to the word before it (as `LRCParser` puts spaces at the end of a word).
public enum ESLyricParser {
  public static func parse(utf8: [UInt8]) -> LRCParseResult {
    var builder = LyricsBuilder()
    utf8.withUnsafeBufferPointer { bytes in
      TextLines.forEach(bytes) { range, number in
        let line = ASCII.trimmed(bytes, range)
        guard !line.isEmpty else { return }
        if let parsed = parseLine(bytes, line) {
          for lyricLine in parsed { builder.append(lyricLine, sourceLine: number) }
        } else if let tag = HeaderTag.parse(bytes, line) {
          builder.setTag(key: tag.key, value: tag.value, line: number)
        } else if bytes[line.lowerBound] == UInt8(ascii: "["),
          LRCTimeStamp.looksLikeTime(bytes, (line.lowerBound + 1)..<line.upperBound)
        {
          builder.error(line: number, "malformed time stamp; line skipped")
        } else {
          // `[Chorus]`, `[x-kana:…]`: not a stamp and not a tag of letters, as in LRC.
          builder.warning(line: number, "line has no time stamp; ignored")
        }
      }
    }
    return builder.finish()
  }

  public static func parse(_ text: String) -> LRCParseResult { parse(utf8: Array(text.utf8)) }

  /// The stamps of a line and the text between them; nil when it does not open with a stamp.
  static func stamps(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>)
    -> [(ms: Int, range: Range<Int>)]?
  {
    var stamps: [(ms: Int, range: Range<Int>)] = []
    var index = line.lowerBound
    while let open = ASCII.find(UInt8(ascii: "["), in: bytes, index..<line.upperBound) {
      // Look for `]` but stop at the next `[`: a stamp holds neither, and `[[00:01.00]` is a
      // `[` of text before a stamp. Stopping there also keeps a line full of `[` linear.
      var close = open + 1
      while close < line.upperBound, bytes[close] != UInt8(ascii: "]"),
        bytes[close] != UInt8(ascii: "[")
      {
        close += 1
      }
      guard close < line.upperBound else { break }
      if bytes[close] == UInt8(ascii: "["), !stamps.isEmpty {
        index = close
        continue
      }
      if bytes[close] == UInt8(ascii: "]"),
        let stamp = LRCTimeStamp.parse(bytes, (open + 1)..<close), stamp.ms >= 0
      {
        stamps.append((stamp.ms, open..<(close + 1)))
      } else if stamps.isEmpty {
        return nil
      }
      index = close + 1
    }
    guard let first = stamps.first, first.range.lowerBound == line.lowerBound else { return nil }
    return stamps
  }

  /// The lines a line of the file holds: one, or as in LRC one per stamp when it is only
  /// stamps (`[t1][t2][t3]`, a blank at each) or several stamps before text that no stamp ends
  /// (`[t1][t2]text`, the same lyric at each time). Nil when it does not open with a stamp.
  static func parseLine(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> [LyricLine]? {
    guard let stamps = stamps(bytes, line), !stamps.isEmpty else { return nil }
    var leading = 1
    while leading < stamps.count,
      ASCII.skipSpaces(bytes, stamps[leading - 1].range.upperBound..<line.upperBound)
        == stamps[leading].range.lowerBound
    {
      leading += 1
    }
    let textStart = ASCII.skipSpaces(bytes, stamps[leading - 1].range.upperBound..<line.upperBound)
    if leading > 1, leading == stamps.count {
      let text = ASCII.string(bytes, ASCII.trimmed(bytes, textStart..<line.upperBound))
      return stamps.map { LyricLine(ms: $0.ms, text: text) }
    }
    return [wordLine(bytes, line, stamps)]
  }

  /// A line of words, each ended by the stamp after it.
  static func wordLine(
    _ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>,
    _ stamps: [(ms: Int, range: Range<Int>)]
  ) -> LyricLine {
    let first = stamps[0]
    var words: [LyricWord] = []
    for (index, stamp) in stamps.enumerated() {
      let textEnd = index + 1 < stamps.count ? stamps[index + 1].range.lowerBound : line.upperBound
      var textStart = stamp.range.upperBound
      // Spaces right after a stamp end the word before it.
      let spacesEnd = ASCII.skipSpaces(bytes, textStart..<textEnd)
      if spacesEnd > textStart, !words.isEmpty {
        words[words.count - 1].text += ASCII.string(bytes, textStart..<spacesEnd)
        textStart = spacesEnd
      }
      guard textStart < textEnd else { continue }
      let end = index + 1 < stamps.count ? stamps[index + 1].ms : nil
      words.append(
        LyricWord(ms: stamp.ms, text: ASCII.string(bytes, textStart..<textEnd), endMs: end))
    }
    let endsWithStamp =
      stamps.count > 1 && stamps[stamps.count - 1].range.upperBound == line.upperBound
    let endMs = endsWithStamp ? stamps[stamps.count - 1].ms : nil
    if words.count == 1, words[0].endMs == nil {
      // `[00:01.00]text`: a plain line, as in LRC.
      return LyricLine(ms: first.ms, text: words[0].text)
    }
    return LyricLine(ms: first.ms, text: words.map(\.text).joined(), words: words, endMs: endMs)
  }
}
