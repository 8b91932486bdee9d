/// Reads LyricsX's LRCX: LRC whose lines may carry attachment lines with the same stamp,
/// `[00:23.467][tt]<0,0><150,1>…<5110,11>` (word timing: pairs of milliseconds from the line's
/// start and the UTF-16 offset in its text where the word starts; the last pair is the line's
/// end) and `[00:23.467][tr:zh-Hans]翻译` (a translation). Furigana (`[fu]`) is skipped.
///
/// The lyric lines are read by `LRCParser` itself (attachment lines blanked, so line numbers
/// stay right); the attachments are then joined to the line with their stamp.
public enum LRCXParser {
  struct Attachment {
    enum Kind {
      case timing([(ms: Int, index: Int)])
      case translation(String)
    }

    var ms: Int
    var kind: Kind
    var line: Int
  }

  public static func parse(utf8: [UInt8]) -> LRCParseResult {
    var lyricBytes = utf8
    var attachments: [Attachment] = []
    var diagnostics: [LRCDiagnostic] = []
    utf8.withUnsafeBufferPointer { bytes in
      TextLines.forEach(bytes) { range, number in
        let line = ASCII.trimmed(bytes, range)
        guard let attachment = attachment(bytes, line, number: number, diagnostics: &diagnostics)
        else { return }
        for index in range { lyricBytes[index] = 0x20 }  // blank, keeping the line's number
        if let attachment { attachments.append(attachment) }
      }
    }
    var result = LRCParser.parse(utf8: lyricBytes)
    let offset = result.lyrics.offsetMs
    // The first line at each time, found once: a search per attachment would be quadratic.
    var lineAt: [Int: Int] = [:]
    lineAt.reserveCapacity(result.lyrics.lines.count)
    for (index, line) in result.lyrics.lines.enumerated() where lineAt[line.ms] == nil {
      lineAt[line.ms] = index
    }
    for attachment in attachments {
      guard let index = lineAt[attachment.ms - offset] else {
        diagnostics.append(
          LRCDiagnostic(
            line: attachment.line, severity: .warning,
            message: "attachment for \(LRCTimeFormat.string(attachment.ms)) has no lyric line"))
        continue
      }
      switch attachment.kind {
      case .translation(let text):
        result.lyrics.lines[index].translation = text
      case .timing(let tags):
        if let slip = apply(tags, to: &result.lyrics.lines[index]) {
          diagnostics.append(
            LRCDiagnostic(line: attachment.line, severity: .warning, message: slip.message))
        }
      }
    }
    result.diagnostics = (result.diagnostics + diagnostics).enumerated().sorted {
      ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
    }.map(\.element)
    return result
  }

  public static func parse(_ text: String) -> LRCParseResult { parse(utf8: Array(text.utf8)) }

  /// `.some(nil)`: an attachment line not kept (furigana, a bad one); nil: not an attachment.
  static func attachment(
    _ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, number: Int,
    diagnostics: inout [LRCDiagnostic]
  ) -> Attachment?? {
    guard line.lowerBound < line.upperBound, bytes[line.lowerBound] == UInt8(ascii: "["),
      let close = ASCII.find(UInt8(ascii: "]"), in: bytes, line),
      let stamp = LRCTimeStamp.parse(bytes, (line.lowerBound + 1)..<close)
    else { return nil }
    let rest = (close + 1)..<line.upperBound
    if starts(bytes, rest, with: "[tt]") {
      guard let tags = timeTags(bytes, (rest.lowerBound + 4)..<rest.upperBound) else {
        diagnostics.append(
          LRCDiagnostic(line: number, severity: .warning, message: "malformed [tt] word timing"))
        return .some(nil)
      }
      return Attachment(ms: stamp.ms, kind: .timing(tags), line: number)
    }
    if starts(bytes, rest, with: "[tr"),
      let end = ASCII.find(UInt8(ascii: "]"), in: bytes, rest)
    {
      let translation = ASCII.string(bytes, ASCII.trimmed(bytes, (end + 1)..<rest.upperBound))
      return Attachment(ms: stamp.ms, kind: .translation(translation), line: number)
    }
    if starts(bytes, rest, with: "[fu]") || starts(bytes, rest, with: "[ro") { return .some(nil) }
    return nil
  }

  static func starts(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, with prefix: StaticString
  )
    -> Bool
  {
    guard range.count >= prefix.utf8CodeUnitCount else { return false }
    return prefix.withUTF8Buffer { prefix in
      prefix.indices.allSatisfy { bytes[range.lowerBound + $0] == prefix[$0] }
    }
  }

  /// `<0,0><150,1>…`: nil unless every group is two numbers, offsets in order.
  static func timeTags(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> [(ms: Int, index: Int)]?
  {
    var tags: [(ms: Int, index: Int)] = []
    let trimmed = ASCII.trimmed(bytes, range)
    var index = trimmed.lowerBound
    while index < trimmed.upperBound {
      guard
        let group = NumberGroup.parse(
          bytes, at: index, end: trimmed.upperBound, open: UInt8(ascii: "<"),
          close: UInt8(ascii: ">"), count: 2),
        group.values.1 >= (tags.last?.index ?? 0)
      else { return nil }
      tags.append((group.values.0, group.values.1))
      index = group.next
    }
    return tags.isEmpty ? nil : tags
  }

  /// The words, with `WordTimingRule` applied to their offsets from the line (where a 0 is the
  /// line's start), then made effective.
  static func apply(_ tags: [(ms: Int, index: Int)], to line: inout LyricLine)
    -> WordTimingRule.Slip?
  {
    let utf16 = Array(line.text.utf16)
    var words: [LyricWord] = []
    for (position, tag) in tags.enumerated() {
      let start = position == 0 ? 0 : min(tag.index, utf16.count)
      let end =
        position + 1 < tags.count ? min(tags[position + 1].index, utf16.count) : utf16.count
      guard start < end else {
        if start >= utf16.count { line.endMs = line.ms + tag.ms }
        continue
      }
      let text = String(decoding: utf16[start..<end], as: UTF16.self)
      words.append(LyricWord(ms: tag.ms, text: text))
    }
    let slip = WordTimingRule.normalise(&words, lineMs: 0)
    for index in words.indices { words[index].ms += line.ms }
    line.words = words
    return slip
  }
}
