/// Reads Lyricify Lines (`.lyl`): ID tags, then `[start,end]text`, one line each, both times
/// absolute milliseconds. The stamp looks like QRC's `[start,duration]`, but its second number
/// is where the line ends, not how long it lasts (`LineShapeVotes` tells the two apart).
public enum LyricifyLinesParser {
  public static func parse(utf8: [UInt8]) -> LRCParseResult {
    var builder = LyricsBuilder()
    utf8.withUnsafeBufferPointer { bytes in
      TextLines.forEach(bytes) { range, number in
        guard !ASCII.trimmed(bytes, range).isEmpty else { return }
        let line = ASCII.skipSpaces(bytes, range)..<range.upperBound
        if let stamp = NumberGroup.lineStamp(bytes, line) {
          // The second number read as `duration` is the end here.
          let start = stamp.start
          var end = stamp.duration
          if end < start {
            builder.warning(line: number, "line ends (\(end)) before it starts; end taken as start")
            end = start
          }
          let text = ASCII.string(bytes, ASCII.trimmed(bytes, stamp.next..<line.upperBound))
          builder.append(LyricLine(ms: start, text: text, endMs: end), sourceLine: number)
        } else if let tag = HeaderTag.parse(bytes, line) {
          builder.setTag(key: tag.key, value: tag.value, line: number)
        } else if bytes[line.lowerBound] == UInt8(ascii: "[") {
          builder.error(
            line: number, "malformed Lyricify Lines stamp (want [start,end] in ms); line skipped")
        } else {
          builder.warning(line: number, "line has no [start,end] stamp; ignored")
        }
      }
    }
    return builder.finish()
  }

  public static func parse(_ text: String) -> LRCParseResult { parse(utf8: Array(text.utf8)) }
}
