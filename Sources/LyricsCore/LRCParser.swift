/// Reads the LRC dialect of lrc.md. Lenient: a bad line costs that line (with a diagnostic),
/// never the file. Works on UTF-8 bytes in one pass over the file, so time is linear in its size.
public enum LRCParser {
  /// Untagged lines are listed one by one up to this many; beyond, one summary warning.
  static let untaggedListLimit = 3

  /// Parses text already decoded. Never throws: problems become diagnostics.
  public static func parse(_ text: String) -> LRCParseResult {
    parse(utf8: Array(text.utf8))
  }

  /// Parses valid UTF-8 bytes (as `TextDecoder` returns them).
  public static func parse(utf8: [UInt8]) -> LRCParseResult {
    utf8.withUnsafeBufferPointer { bytes in
      var state = LRCParseState()
      var lineNumber = 0
      var start = 0
      let count = bytes.count
      while start < count {
        var end = start
        while end < count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        lineNumber += 1
        parseLine(bytes, start..<end, number: lineNumber, into: &state)
        // `\r\n`, `\n` and a lone `\r` each end one line.
        if end < count, bytes[end] == 0x0D, end + 1 < count, bytes[end + 1] == 0x0A {
          end += 1
        }
        start = end + 1
      }
      return state.finish(untaggedListLimit: untaggedListLimit)
    }
  }

  /// Decodes `bytes` (guessing the encoding unless one is given) and parses them.
  public static func parse(bytes: [UInt8], encoding: String? = nil) throws(TextDecoder
    .UnknownEncoding)
    -> (decoded: DecodedText, result: LRCParseResult)
  {
    let decoded = try TextDecoder.decode(bytes, encoding: encoding)
    var result = parse(utf8: decoded.utf8)
    if decoded.replacedBytes > 0 {
      result.diagnostics.insert(
        LRCDiagnostic(
          line: 0, severity: .warning,
          message:
            "\(decoded.replacedBytes) byte(s) invalid in \(decoded.encoding) replaced by U+FFFD"),
        at: 0)
    }
    return (decoded, result)
  }

  /// Strict parsing: the first error diagnostic is thrown, with its line.
  public static func parseStrict(_ text: String) throws(LRCParseError) -> Lyrics {
    let result = parse(text)
    if let error = result.diagnostics.first(where: { $0.severity == .error }) {
      throw LRCParseError(line: error.line, message: error.message)
    }
    return result.lyrics
  }

  private static func parseLine(
    _ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, number: Int,
    into state: inout LRCParseState
  ) {
    var index = ASCII.skipSpaces(bytes, line)
    guard index < line.upperBound else { return }  // blank line
    if bytes[index] == UInt8(ascii: "#") { return }  // comment

    var stamps: [Int] = []
    var idTags = 0
    var commentGroups = 0
    let open = UInt8(ascii: "[")
    let close = UInt8(ascii: "]")
    while index < line.upperBound, bytes[index] == open {
      let contentStart = index + 1
      guard let closing = ASCII.find(close, in: bytes, contentStart..<line.upperBound) else {
        if stamps.isEmpty, idTags == 0,
          LRCTimeStamp.looksLikeTime(bytes, contentStart..<line.upperBound)
        {
          state.error(line: number, "malformed time tag (no closing ']'); line skipped")
          return
        }
        break
      }
      let content = contentStart..<closing
      if content.count == 1, bytes[contentStart] == UInt8(ascii: ":") {
        commentGroups += 1
      } else if let stamp = LRCTimeStamp.parse(bytes, content) {
        if stamp.secondsOverflow {
          state.warning(
            line: number, "seconds of 60 or more in [\(ASCII.string(bytes, content))]; accepted")
        }
        stamps.append(stamp.ms)
      } else if let tag = idTag(bytes, content) {
        idTags += 1
        state.setTag(key: tag.key, value: tag.value, line: number)
      } else if stamps.isEmpty, idTags == 0, LRCTimeStamp.looksLikeTime(bytes, content) {
        state.error(
          line: number, "malformed time tag [\(ASCII.string(bytes, content))]; line skipped")
        return
      } else {
        break  // `[Chorus]` and the like: lyric text from here on.
      }
      index = ASCII.skipSpaces(bytes, (closing + 1)..<line.upperBound)
    }

    let text = ASCII.trimmed(bytes, index..<line.upperBound)
    guard !stamps.isEmpty else {
      if idTags > 0 {
        if !text.isEmpty { state.warning(line: number, "text after an ID tag ignored") }
      } else if commentGroups == 0 {
        state.untagged(line: number)
      }  // else a `[:]` comment line
      return
    }
    if let first = stamps.first, let timed = LRCWordTiming.split(bytes, text, lineMs: first) {
      checkWordOrder(timed, lineMs: first, number: number, into: &state)
      for stamp in stamps {
        state.addLine(
          RawLine(
            ms: stamp, text: timed.text, words: timed.words, endMs: timed.endMs,
            sourceLine: number))
      }
    } else {
      let string = ASCII.string(bytes, text)
      for stamp in stamps {
        state.addLine(RawLine(ms: stamp, text: string, words: [], endMs: nil, sourceLine: number))
      }
    }
  }

  /// `key:value` with a key of letters only; key lowercased, both trimmed.
  private static func idTag(_ bytes: UnsafeBufferPointer<UInt8>, _ content: Range<Int>)
    -> (key: String, value: String)?
  {
    let keyStart = ASCII.skipSpaces(bytes, content)
    var index = keyStart
    while index < content.upperBound, ASCII.isLetter(bytes[index]) { index += 1 }
    let keyEnd = index
    guard keyEnd > keyStart else { return nil }
    index = ASCII.skipSpaces(bytes, index..<content.upperBound)
    guard index < content.upperBound, bytes[index] == UInt8(ascii: ":") else { return nil }
    let key = ASCII.string(bytes, keyStart..<keyEnd).lowercased()
    let value = ASCII.string(bytes, ASCII.trimmed(bytes, (index + 1)..<content.upperBound))
    return (key, value)
  }

  private static func checkWordOrder(
    _ timed: LRCWordTiming.Result, lineMs: Int, number: Int, into state: inout LRCParseState
  ) {
    var previous = lineMs
    var stamps = timed.words.map(\.ms)
    if let endMs = timed.endMs { stamps.append(endMs) }
    for (position, ms) in stamps.enumerated() {
      if ms < previous {
        let what = position == 0 ? "before the line's time" : "out of order"
        state.warning(
          line: number, "word stamp \(LRCTimeFormat.string(ms)) \(what); kept in file order")
        return
      }
      previous = ms
    }
  }
}
