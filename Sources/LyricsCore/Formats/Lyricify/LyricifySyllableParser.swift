/// Reads Lyricify Syllable (`.lys`): ID tags, then one line per lyric line,
/// `[property]word(start,duration)word(start,duration)…`, times absolute milliseconds and each
/// word's text before its stamp (as QRC). The property (`LyricifyProperty`) names the singer's
/// side and marks background vocals, which belong to the line before them. The line has no
/// time of its own: it starts with its first word and ends with its last.
public enum LyricifySyllableParser {
  public static func parse(utf8: [UInt8]) -> LRCParseResult {
    var builder = LyricsBuilder()
    utf8.withUnsafeBufferPointer { bytes in
      TextLines.forEach(bytes) { range, number in
        guard !ASCII.trimmed(bytes, range).isEmpty else { return }
        let line = ASCII.skipSpaces(bytes, range)..<range.upperBound
        if let mark = propertyMark(bytes, line) {
          read(bytes, mark.next..<line.upperBound, mark.number, line: number, into: &builder)
        } else if let tag = HeaderTag.parse(bytes, line) {
          builder.setTag(key: tag.key, value: tag.value, line: number)
        } else if bytes[line.lowerBound] == UInt8(ascii: "[") {
          builder.error(
            line: number, "malformed Lyricify Syllable line (want [property]word(start,duration)…)")
        } else {
          builder.warning(line: number, "line has no [property] mark; ignored")
        }
      }
    }
    return builder.finish()
  }

  public static func parse(_ text: String) -> LRCParseResult { parse(utf8: Array(text.utf8)) }

  /// `[digits]` at the start of `line`: its number and the index after `]`.
  static func propertyMark(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>)
    -> (number: Int, next: Int)?
  {
    guard line.lowerBound < line.upperBound, bytes[line.lowerBound] == UInt8(ascii: "[") else {
      return nil
    }
    var index = line.lowerBound + 1
    var number = 0
    while index < line.upperBound, index - line.lowerBound <= 2,
      let digit = ASCII.digit(bytes[index])
    {
      number = number * 10 + digit
      index += 1
    }
    guard index > line.lowerBound + 1, index < line.upperBound,
      bytes[index] == UInt8(ascii: "]")
    else { return nil }
    return (number, index + 1)
  }

  private static func read(
    _ bytes: UnsafeBufferPointer<UInt8>, _ text: Range<Int>, _ number: Int, line: Int,
    into builder: inout LyricsBuilder
  ) {
    var property = LyricifyProperty(side: .unset, vocal: .unset)
    if let known = LyricifyProperty(number: number) {
      property = known
    } else {
      builder.warning(line: line, "unknown property [\(number)] read as [0] (no side, main vocal)")
    }
    guard let split = StampedWords.textFirst(bytes, text), let first = split.words.first else {
      builder.warning(line: line, "line has no word(start,duration) stamp; ignored")
      return
    }
    if split.strayText {
      builder.warning(line: line, "text without a word stamp joined to the word before it")
    }
    let end = split.words.last?.endMs
    if property.vocal == .background {
      if let last = builder.lines.indices.last, builder.lines[last].background == nil {
        // The line before went through `append` already: the word rule is applied here.
        var background = LyricBackground(
          ms: first.ms, endMs: end, text: split.text, words: split.words)
        if let slip = background.normaliseWordTiming() { builder.warning(line: line, slip.message) }
        builder.lines[last].background = background
        return
      }
      builder.warning(
        line: line, "background vocals with no line of their own before them kept as a line")
    }
    builder.append(
      LyricLine(
        ms: first.ms, text: split.text, words: split.words, endMs: end, agent: property.agent),
      sourceLine: line)
  }
}
