/// A timed line as read, before the offset, the sort and the translation pairing.
struct RawLine {
  var ms: Int
  var text: String
  var words: [LyricWord]
  var endMs: Int?
  /// 1-based line number in the file, for diagnostics.
  var sourceLine: Int
}

/// What `LRCParser` gathers while it walks the file, and how it becomes a `Lyrics` at the end
/// (the offset may stand anywhere, so times are made effective only then).
struct LRCParseState {
  private(set) var lines: [RawLine] = []
  private var metadata: [String: String] = [:]
  private var offsetLine = 0
  private var diagnostics: [LRCDiagnostic] = []
  private var untaggedLines: [Int] = []

  mutating func addLine(_ line: RawLine) { lines.append(line) }

  mutating func setTag(key: String, value: String, line: Int) {
    metadata[key] = value  // the last duplicate wins
    if key == "offset" { offsetLine = line }
  }

  mutating func warning(line: Int, _ message: String) {
    diagnostics.append(LRCDiagnostic(line: line, severity: .warning, message: message))
  }

  mutating func error(line: Int, _ message: String) {
    diagnostics.append(LRCDiagnostic(line: line, severity: .error, message: message))
  }

  mutating func untagged(line: Int) { untaggedLines.append(line) }

  /// The `[offset:]` value: `+250`, `-3000`, `250`, with spaces allowed after the sign.
  static func offsetValue(_ text: String) -> Int? {
    var rest = Substring(text)
    var sign = 1
    if let first = rest.first, first == "+" || first == "-" {
      sign = first == "-" ? -1 : 1
      rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
    }
    guard !rest.isEmpty, rest.count <= 12, rest.allSatisfy({ $0.isASCII && $0.isNumber }),
      let value = Int(rest)
    else { return nil }
    return sign * value
  }

  mutating func finish(untaggedListLimit: Int) -> LRCParseResult {
    var offsetMs = 0
    if let written = metadata["offset"] {
      if let value = Self.offsetValue(written) {
        offsetMs = value
      } else {
        warning(line: offsetLine, "offset '\(written)' is not a number of milliseconds; using 0")
      }
    }
    reportUntagged(limit: untaggedListLimit)

    // Effective time = stamp − offset (a positive offset makes lyrics appear sooner).
    for index in lines.indices {
      lines[index].ms -= offsetMs
      for word in lines[index].words.indices { lines[index].words[word].ms -= offsetMs }
      if let endMs = lines[index].endMs { lines[index].endMs = endMs - offsetMs }
    }
    sortStably()
    let result = pairTranslations()
    if result.isEmpty {
      error(line: 0, "no timed line in the file")
    }
    // Stable by line number: diagnostics were appended per line, then at the end.
    let ordered = diagnostics.enumerated().sorted {
      ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
    }.map(\.element)
    return LRCParseResult(
      lyrics: Lyrics(metadata: metadata, offsetMs: offsetMs, lines: result),
      diagnostics: ordered)
  }

  private mutating func reportUntagged(limit: Int) {
    guard let first = untaggedLines.first else { return }
    if untaggedLines.count <= limit {
      for line in untaggedLines { warning(line: line, "line has no time tag; ignored") }
    } else {
      warning(
        line: first,
        "\(untaggedLines.count) lines have no time tag; ignored (the first is line \(first))")
    }
  }

  /// Sorts by effective time, equal times in file order. Files are usually sorted already.
  private mutating func sortStably() {
    var sorted = true
    var index = 1
    while index < lines.count {
      if lines[index].ms < lines[index - 1].ms {
        sorted = false
        break
      }
      index += 1
    }
    if sorted { return }
    let order = lines.indices.sorted { (lines[$0].ms, $0) < (lines[$1].ms, $1) }
    lines = order.map { lines[$0] }
  }

  /// Among lines with the same time: the first is a lyric, the next different one its
  /// translation, a third starts a new pair; exact repeats collapse.
  private mutating func pairTranslations() -> [LyricLine] {
    var result: [LyricLine] = []
    result.reserveCapacity(lines.count)
    var groupStart = 0  // index in `result` of the first line with the current time
    for raw in lines {
      if let last = result.last, last.ms == raw.ms {
        let group = result[groupStart...]
        if let same = group.firstIndex(where: { $0.text == raw.text || $0.translation == raw.text })
        {
          _ = same
          warning(
            line: raw.sourceLine,
            "repeats a line at \(LRCTimeFormat.string(raw.ms)) with the same text; collapsed")
          continue
        }
        if last.translation == nil {
          result[result.count - 1].translation = raw.text
          continue
        }
      } else {
        groupStart = result.count
      }
      result.append(
        LyricLine(ms: raw.ms, text: raw.text, words: raw.words, endMs: raw.endMs))
    }
    return result
  }
}
