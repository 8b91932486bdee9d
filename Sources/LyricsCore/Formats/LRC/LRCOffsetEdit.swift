/// Sets the `[offset:]` tag in a lyrics file's bytes and changes nothing else: every other line
/// keeps its bytes, its encoding and its line end. This is the only way lyricpip writes into a
/// user's lyrics, and only when the user asks to save an offset into the file.
///
/// The tag that counts is the last one in the file (docs/lrc.md: the last duplicate wins), so that is
/// the one rewritten, in place, keeping its key's spelling. A file without one gets a new
/// `[offset:N]` line before its first lyric line (after the ID tags at the top).
public enum LRCOffsetEdit {
  /// Why the file is left as it is.
  public struct Refusal: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// The file's new bytes and the lyrics as they read from them.
  public struct Edited: Equatable, Sendable {
    public var bytes: [UInt8]
    public var lyrics: Lyrics
  }

  /// `file` with its offset set to `offsetMs`.
  public static func setting(
    offsetMs: Int, in file: [UInt8], transcoder: any TextTranscoder
  ) throws(Refusal) -> Edited {
    try edit(file, transcoder: transcoder) { _ in offsetMs }
  }

  /// `file` with its offset moved by `change` from the value it has now.
  public static func moving(
    byMs change: Int, in file: [UInt8], transcoder: any TextTranscoder
  ) throws(Refusal) -> Edited {
    try edit(file, transcoder: transcoder) { $0 + change }
  }

  /// `file` with its offset set to `newOffset(offset now)`; the file is decoded and parsed once.
  private static func edit(
    _ file: [UInt8], transcoder: any TextTranscoder, newOffset: (Int) -> Int
  ) throws(Refusal) -> Edited {
    let before: (decoded: DecodedText, result: LRCParseResult)
    do {
      before = try LRCParser.parse(bytes: file, transcoder: transcoder)
    } catch {
      throw Refusal(description: "\(error)")
    }
    let decoded = before.decoded
    guard decoded.replacedBytes == 0 else {
      throw Refusal(
        description: "it has bytes that are not valid \(decoded.encoding); it is left as it is")
    }
    guard
      let layout = EncodedLines(encoding: decoded.encoding, file: file, transcoder: transcoder)
    else {
      throw Refusal(description: "lyricpip does not write \(decoded.encoding) files")
    }
    let offsetMs = newOffset(before.result.lyrics.offsetMs)
    let lines = layout.lines(of: file)
    let tag = "offset:\(offsetMs)"
    var result: [UInt8]
    if let found = lastOffsetTag(in: lines, of: file, layout: layout) {
      let line = lines[found.line]
      let text = found.text
      let replaced =
        String(text[..<found.group.lowerBound]) + "[\(text[found.key]):\(offsetMs)]"
        + String(text[found.group.upperBound...])
      guard let encoded = layout.encode(replaced) else {
        throw Refusal(description: "the new offset cannot be written in \(decoded.encoding)")
      }
      result =
        Array(file[..<line.content.lowerBound]) + encoded
        + Array(file[line.content.upperBound...])
    } else {
      guard let encoded = layout.encode("[\(tag)]") else {
        throw Refusal(description: "the new offset cannot be written in \(decoded.encoding)")
      }
      result = insert(encoded, into: file, lines: lines, layout: layout)
    }
    // The edit is checked the way a reader will see it: the offset is the new one and the lyric
    // lines are the same as before.
    let after = try? LRCParser.parse(bytes: result, transcoder: transcoder)
    guard let after, after.decoded.encoding == decoded.encoding,
      after.result.lyrics.offsetMs == offsetMs,
      after.result.lyrics.lines.map(\.text) == before.result.lyrics.lines.map(\.text)
    else {
      throw Refusal(description: "the edit would not read back as \(tag); it is left as it is")
    }
    return Edited(bytes: result, lyrics: after.result.lyrics)
  }

  /// Where the effective `[offset:]` tag stands: the line, its decoded text, the range of the
  /// whole `[key:value]` group and of its key.
  private struct FoundTag {
    var line: Int
    var text: String
    var group: Range<String.Index>
    var key: Range<String.Index>
  }

  private static func lastOffsetTag(
    in lines: [EncodedLines.Line], of file: [UInt8], layout: EncodedLines
  ) -> FoundTag? {
    for index in lines.indices.reversed() {
      guard let text = layout.decode(lines[index].content, of: file),
        let groups = idTagGroups(in: text),
        let offset = groups.last(where: { text[$0.key].lowercased() == "offset" })
      else { continue }
      return FoundTag(line: index, text: text, group: offset.group, key: offset.key)
    }
    return nil
  }

  /// The `[key:value]` groups of a line made only of ID tags (spaces around them allowed), or
  /// nil when the line carries anything else (a time tag, lyric text, a comment).
  static func idTagGroups(
    in text: String
  ) -> [(group: Range<String.Index>, key: Range<String.Index>)]? {
    var groups: [(group: Range<String.Index>, key: Range<String.Index>)] = []
    var index = text.startIndex
    while true {
      while index < text.endIndex, text[index] == " " || text[index] == "\t" {
        index = text.index(after: index)
      }
      if index == text.endIndex { break }
      guard text[index] == "[", let close = text[index...].firstIndex(of: "]") else {
        return nil
      }
      let inside = text.index(after: index)..<close
      guard let colon = text[inside].firstIndex(of: ":") else { return nil }
      let key = inside.lowerBound..<colon
      guard !key.isEmpty, text[key].allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
      groups.append((index..<text.index(after: close), key))
      index = text.index(after: close)
    }
    return groups.isEmpty ? nil : groups
  }

  /// `tag` as a line of its own before the first line that is not blank, a comment or ID tags;
  /// at the end when there is no such line.
  private static func insert(
    _ tag: [UInt8], into file: [UInt8], lines: [EncodedLines.Line], layout: EncodedLines
  ) -> [UInt8] {
    let lineEnd =
      lines.first(where: { !$0.end.isEmpty }).map { Array(file[$0.end]) }
      ?? layout.encode("\n") ?? [0x0A]
    let firstLyric = lines.first { line in
      guard let text = layout.decode(line.content, of: file) else { return true }
      let trimmed = text.trimmingSpacesAndTabs()
      let isComment = trimmed.hasPrefix("#") || trimmed.hasPrefix("[:]")
      return !(trimmed.isEmpty || isComment || idTagGroups(in: trimmed) != nil)
    }
    if let firstLyric {
      let at = firstLyric.content.lowerBound
      return Array(file[..<at]) + tag + lineEnd + Array(file[at...])
    }
    var result = file
    if let last = lines.last, last.end.isEmpty, !last.content.isEmpty { result += lineEnd }
    return result + tag + lineEnd
  }
}
