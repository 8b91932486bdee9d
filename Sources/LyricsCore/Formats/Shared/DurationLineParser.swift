/// The line grammar QRC, YRC and KRC share: ID tags (`[ti:…]`), then lines that open with
/// `[start,duration]` in milliseconds. How a line's text splits into words is the format's
/// own (`splitWords`); everything else (blank lines, malformed stamps, untagged text, the
/// offset, sorting) is handled the same way for all three.
enum DurationLineParser {
  /// `splitWords(bytes, textRange, lineStart)`: the line's words, or nil for a plain line.
  /// `otherLine` sees lines that are neither a tag nor a stamped line first (YRC's JSON
  /// credits); it returns whether it took the line.
  static func parse(
    utf8: [UInt8], formatName: String, builder: inout LyricsBuilder,
    splitWords: (UnsafeBufferPointer<UInt8>, Range<Int>, Int) -> StampedWords.Result?,
    otherLine: (UnsafeBufferPointer<UInt8>, Range<Int>, Int, inout LyricsBuilder) -> Bool = {
      _, _, _, _ in false
    }
  ) {
    utf8.withUnsafeBufferPointer { bytes in
      TextLines.forEach(bytes) { range, number in
        // Leading spaces go; trailing ones may belong to the last word (`sleep `).
        guard !ASCII.trimmed(bytes, range).isEmpty else { return }
        let line = ASCII.skipSpaces(bytes, range)..<range.upperBound
        if let stamp = NumberGroup.lineStamp(bytes, line) {
          let textRange = stamp.next..<line.upperBound
          var lyricLine = LyricLine(
            ms: stamp.start, text: "", endMs: stamp.start + stamp.duration)
          if let split = splitWords(bytes, textRange, stamp.start) {
            lyricLine.text = split.text
            lyricLine.words = split.words
            if split.strayText {
              builder.warning(line: number, "text without a word stamp joined to the next word")
            }
          } else {
            lyricLine.text = ASCII.string(bytes, ASCII.trimmed(bytes, textRange))
          }
          builder.append(lyricLine, sourceLine: number)
        } else if let tag = HeaderTag.parse(bytes, line) {
          builder.setTag(key: tag.key, value: tag.value, line: number)
        } else if otherLine(bytes, line, number, &builder) {
          return
        } else if bytes[line.lowerBound] == UInt8(ascii: "[") {
          builder.error(
            line: number,
            "malformed \(formatName) line stamp (want [start,duration] in ms); line skipped")
        } else {
          builder.warning(line: number, "line has no [start,duration] stamp; ignored")
        }
      }
    }
  }
}
