/// Reads the LRC dialect of docs/lrc.md. Lenient: a bad line costs that line (with a diagnostic),
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
      state.reserve(forBytes: bytes.count)
      var lineNumber = 0
      var start = 0
      let count = bytes.count
      while start < count {
        let (lineEnd, hasAngle) = lineEnd(bytes, from: start)
        var end = lineEnd
        lineNumber += 1
        parseLine(bytes, start..<end, number: lineNumber, hasAngle: hasAngle, into: &state)
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
  public static func parse(
    bytes: [UInt8], encoding: String? = nil, transcoder: any TextTranscoder
  ) throws(TextDecoder.UnknownEncoding) -> (decoded: DecodedText, result: LRCParseResult) {
    let decoded = try TextDecoder.decode(bytes, encoding: encoding, transcoder: transcoder)
    var result = parse(utf8: decoded.utf8)
    result.noteDecoding(of: decoded)
    return (decoded, result)
  }

  /// The end of the line starting at `start` (its `\r` or `\n`, or the end of the text), and
  /// whether a `<` occurs before it (only then can the line hold word stamps). Eight bytes at a
  /// time, the block with the line end included: its place is the lowest flag of `matches`,
  /// so no byte of the file is looked at one by one except in the last seven. This scan
  /// touches every byte of the file, so it sets the pace (callgrind, two parses of
  /// scripts/bench-parse's file: 141 M instructions when each block holding a `<` or a line
  /// end was gone through byte by byte, 67 M now).
  @inline(__always)
  static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (Int, Bool) {
    let count = bytes.count
    var end = start
    var hasAngle = false
    guard let base = bytes.baseAddress else { return (end, hasAngle) }
    while end + 8 <= count {
      // Little-endian, so the byte at the lowest address is the lowest of the word.
      let word = UInt64(littleEndian: UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self))
      let ends = matches(word, 0x0A) | matches(word, 0x0D)
      let angles = matches(word, 0x3C)
      if ends != 0 {
        // The bits below the lowest flag: a `<` there is in this line (and a flag there is
        // exact, as any false flag lies above an exact one).
        let before = (ends & (0 &- ends)) &- 1
        if angles & before != 0 { hasAngle = true }
        return (end + ends.trailingZeroBitCount / 8, hasAngle)
      }
      if angles != 0 { hasAngle = true }
      end += 8
    }
    while end < count {
      let byte = bytes[end]
      if byte == 0x0A || byte == 0x0D { break }
      if byte == 0x3C { hasAngle = true }
      end += 1
    }
    return (end, hasAngle)
  }

  /// The top bit of each byte of `word` that equals `byte` (the classic "has zero byte" test on
  /// `word XOR byte-repeated`). The subtraction's borrow can also flag a byte just above (at a
  /// higher address than) a byte that equals: the lowest flag is always exact, the ones above
  /// it may not be.
  @inline(__always)
  static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let x = word ^ (ones &* UInt64(byte))
    return (x &- ones) & ~x & (ones &* 0x80)
  }

  /// Strict parsing: the first error diagnostic is thrown, with its line. Library API for
  /// callers that want all or nothing (the player itself is lenient).
  public static func parseStrict(_ text: String) throws(LRCParseError) -> Lyrics {
    let result = parse(text)
    if let error = result.diagnostics.first(where: { $0.severity == .error }) {
      throw LRCParseError(line: error.line, message: error.message)
    }
    return result.lyrics
  }

  private static func parseLine(
    _ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, number: Int, hasAngle: Bool,
    into state: inout LRCParseState
  ) {
    var index = ASCII.skipSpaces(bytes, line)
    guard index < line.upperBound else {
      state.blankLine()
      return
    }
    if bytes[index] == UInt8(ascii: "#") { return }  // comment

    // One stamp is the usual case: keep it out of the heap.
    var firstStamp: Int?
    var moreStamps: [Int] = []
    var idTags = 0
    var commentGroups = 0
    let open = UInt8(ascii: "[")
    let close = UInt8(ascii: "]")
    while index < line.upperBound, bytes[index] == open {
      let contentStart = index + 1
      guard let closing = ASCII.find(close, in: bytes, contentStart..<line.upperBound) else {
        if firstStamp == nil, idTags == 0,
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
        if firstStamp == nil { firstStamp = stamp.ms } else { moreStamps.append(stamp.ms) }
      } else if firstStamp == nil, let tag = idTag(bytes, content) {
        // After a time tag, `[Note: soft]` is lyric text, not metadata.
        idTags += 1
        if tag.key == "bg", hasAngle, let background = A2Voices.background(tag.value) {
          // A2's `[bg: <00:01.20>(ooh<00:01.80>)]`: the background vocals of the line above.
          if !state.attachBackground(background) {
            state.warning(line: number, "background vocals before any lyric line; ignored")
          }
        } else {
          state.setTag(key: tag.key, value: tag.value, line: number)
        }
      } else if firstStamp == nil, idTags == 0, LRCTimeStamp.looksLikeTime(bytes, content) {
        state.error(
          line: number, "malformed time tag [\(ASCII.string(bytes, content))]; line skipped")
        return
      } else {
        break  // `[Chorus]` and the like: lyric text from here on.
      }
      index = ASCII.skipSpaces(bytes, (closing + 1)..<line.upperBound)
    }

    let text = ASCII.trimmed(bytes, index..<line.upperBound)
    guard let first = firstStamp else {
      if idTags > 0 {
        if !text.isEmpty { state.warning(line: number, "text after an ID tag ignored") }
      } else if commentGroups == 0 {
        state.untagged(line: number, text: ASCII.string(bytes, text))
      }  // else a `[:]` comment line
      return
    }
    let line: LyricLine
    if hasAngle {
      // A2's voice prefix, `v1: <00:01.00>…` (or `bg: …` for background vocals), only on lines
      // with word stamps: on a plain line `v1:` stays text, as it always was.
      let voice = A2Voices.prefix(bytes, text)
      let words = voice.map { $0.rest } ?? text
      if let timed = LRCWordTiming.split(bytes, words, lineMs: first) {
        checkEndStamp(timed, number: number, into: &state)
        if voice?.isBackground == true {
          var background = LyricBackground(
            ms: first, endMs: timed.endMs, text: timed.text, words: timed.words)
          if let slip = background.normaliseWordTiming() {
            state.warning(line: number, slip.message)
          }
          if !state.attachBackground(background) {
            state.warning(line: number, "background vocals before any lyric line; ignored")
          }
          return
        }
        var timedLine = LyricLine(
          readAt: first, text: timed.text, words: timed.words, endMs: timed.endMs,
          agent: voice?.agent)
        // Before the copies for more stamps: the rule reads the stamps as the line wrote them.
        if let slip = timedLine.normaliseWordTiming() { state.warning(line: number, slip.message) }
        // Moved, not copied: a copy retained and released the line's strings and arrays on
        // every line of the file, word-timed or not.
        line = consume timedLine
      } else {
        line = LyricLine(readAt: first, text: ASCII.string(bytes, text), agent: nil)
      }
    } else {
      line = LyricLine(readAt: first, text: ASCII.string(bytes, text), agent: nil)
    }
    // One line per stamp, in file order. The usual single stamp hands `line` over without a copy.
    guard !moreStamps.isEmpty else {
      // `consume` says so to the compiler, which otherwise copied the line here (a retain and a
      // release of its text, words and extras on every line of the file).
      state.addLine(consume line, sourceLine: number)
      return
    }
    state.addLine(line, sourceLine: number)
    for stamp in moreStamps {
      var copy = line
      copy.ms = stamp
      state.addLine(copy, sourceLine: number)
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

  /// The word order is `WordTimingRule`'s (every format's); what only A2 has is an end stamp
  /// (`<00:02.60>` after the last word), which must not come before that word.
  private static func checkEndStamp(
    _ timed: LRCWordTiming.Result, number: Int, into state: inout LRCParseState
  ) {
    guard let endMs = timed.endMs, let last = timed.words.last, endMs < last.ms else { return }
    state.warning(
      line: number, "word stamp \(LRCTimeFormat.string(endMs)) out of order; kept in file order")
  }
}
