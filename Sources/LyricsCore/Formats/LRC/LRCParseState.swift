/// What `LRCParser` gathers while it walks the file, and how it becomes a `Lyrics` at the end
/// (the offset may stand anywhere, so times are made effective only then).
struct LRCParseState {
  /// Timed lines as read: stamps without the offset, no translations yet.
  private var lines: [LyricLine] = []
  /// The file line number of each of `lines`, for diagnostics.
  private var sourceLines: [Int] = []
  private var metadata: [String: String] = [:]
  private var offsetLine = 0
  private var diagnostics: [LRCDiagnostic] = []
  private var untaggedLines: [Int] = []
  /// The text of untagged lines, with the blank lines between them: the lyrics themselves when
  /// the file turns out to have no timed line (`untimedText`).
  private var untaggedRows: [String] = []
  /// Whether a line was given background vocals (A2), whose times the offset must move too.
  private var hasBackground = false

  /// Room for the lines of a file of `byteCount` bytes (real lines are rarely under 32 bytes),
  /// so the arrays do not grow and copy many times on a big file.
  mutating func reserve(forBytes byteCount: Int) {
    lines.reserveCapacity(byteCount / 32)
    sourceLines.reserveCapacity(byteCount / 32)
  }

  mutating func addLine(_ line: consuming LyricLine, sourceLine: Int) {
    lines.append(line)
    sourceLines.append(sourceLine)
  }

  /// Gives the last line read (in file order) its background vocals; false when there is none.
  mutating func attachBackground(_ background: LyricBackground) -> Bool {
    guard !lines.isEmpty else { return false }
    lines[lines.count - 1].background = background
    hasBackground = true
    return true
  }

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

  mutating func untagged(line: Int, text: String) {
    untaggedLines.append(line)
    untaggedRows.append(text)
  }

  /// A blank line: it parts the verses of untimed text, once some text came before it.
  mutating func blankLine() {
    if !untaggedRows.isEmpty { untaggedRows.append("") }
  }

  /// The untagged rows as one text, runs of blank rows made one and none at the end; nil when
  /// there are none.
  private func untimedText() -> String? {
    var rows: [String] = []
    for row in untaggedRows where !(row.isEmpty && rows.last?.isEmpty ?? true) {
      rows.append(row)
    }
    if rows.last?.isEmpty == true { rows.removeLast() }
    return rows.isEmpty ? nil : rows.joined(separator: "\n")
  }

  /// The `[offset:]` value: `+250`, `-3000`, `250`, with spaces allowed after the sign.
  static func offsetValue(_ text: String) -> Int? {
    SignedDecimal.parse(text, spaceAfterSign: true)
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
    // A file of text with no stamp at all is untimed lyrics, not a file of ignored lines.
    let untimed = lines.isEmpty ? untimedText() : nil
    if untimed != nil {
      diagnostics.append(
        LRCDiagnostic(
          line: 0, severity: .note,
          message: "no time stamps: shown as untimed lyrics (\(untaggedLines.count) lines)"))
    } else {
      reportUntagged(limit: untaggedListLimit)
    }

    // Effective time = stamp − offset (a positive offset makes lyrics appear sooner).
    if offsetMs != 0 {
      lines.withUnsafeMutableBufferPointer { buffer in
        for index in buffer.indices {
          buffer[index].ms -= offsetMs
          if !buffer[index].words.isEmpty {
            for word in buffer[index].words.indices { buffer[index].words[word].ms -= offsetMs }
          }
          if let endMs = buffer[index].endMs { buffer[index].endMs = endMs - offsetMs }
        }
      }
    }
    if offsetMs != 0, hasBackground {
      // Apart from the loop above, which every line goes through: few files have these.
      for index in lines.indices where lines[index].hasExtras {
        lines[index].background?.shift(by: -offsetMs)
      }
    }
    sortStably()
    pairTranslations()
    let result = lines
    if result.isEmpty, untimed == nil {
      error(line: 0, "no timed line in the file")
    }
    // Stable by line number: diagnostics were appended per line, then at the end.
    let ordered = diagnostics.enumerated().sorted {
      ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
    }.map(\.element)
    return LRCParseResult(
      lyrics: Lyrics(
        metadata: metadata, offsetMs: offsetMs, lines: result, untimedText: untimed),
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
    sourceLines = order.map { sourceLines[$0] }
  }

  /// Equal texts; the byte count (O(1)) first, as a lyric and its translation nearly always
  /// differ in length and the full comparison is slow for non-ASCII text.
  @inline(__always)
  static func same(_ first: String, _ second: String) -> Bool {
    first.utf8.count == second.utf8.count && first == second
  }

  /// How many lines went through the pairing of lines that share a stamp, and how many text
  /// look-ups and translation checks it made for them: at most two per line, however many
  /// lines share a stamp (the old pairing compared each line with every line kept before it on
  /// its stamp: 20,000 lines on `[00:00.00]` took 28 s). Kept so a test can hold the pairing
  /// to that without timing it.
  private(set) var pairingWork = (lines: 0, operations: 0)

  /// Among lines with the same time (`SameStampLines`): an empty line gives way to text on its
  /// stamp; exact repeats (same text, same singer) collapse, with a warning; a line is the translation of the line kept
  /// just before it when that line has none yet and the pair is plausible, else a line of its
  /// own (two voices that start together). Done in place: `kept` lines stay at the front. Each
  /// line is looked up once in a set of its stamp's texts, so a stamp of n lines costs O(n).
  private mutating func pairTranslations() {
    var repeats: [(line: Int, ms: Int)] = []
    let sourceLines = self.sourceLines
    var work = (lines: 0, operations: 0)
    var texts = Set<String>()  // the texts and translations kept on the current stamp
    // Through the buffer, not Array's subscript: reading a field of an element there would copy
    // the whole line (a retain and release per string) on this per-line path.
    let kept = lines.withUnsafeMutableBufferPointer { buffer -> Int in
      var kept = 0
      var groupStart = 0
      while groupStart < buffer.count {
        let ms = buffer[groupStart].ms
        var groupEnd = groupStart + 1
        while groupEnd < buffer.count, buffer[groupEnd].ms == ms { groupEnd += 1 }
        guard groupEnd - groupStart > 1 else {
          // Alone on its stamp, as nearly every line is: nothing to pair.
          if kept != groupStart { buffer.swapAt(kept, groupStart) }
          kept += 1
          groupStart = groupEnd
          continue
        }
        work.lines += groupEnd - groupStart
        // A lyric and its translation, the usual shared stamp, compare their texts directly
        // (byte counts first), which spares hashing both into the set.
        let isPair = groupEnd - groupStart == 2
        if !isPair { texts.removeAll(keepingCapacity: true) }
        let hasText = (groupStart..<groupEnd).contains { !buffer[$0].text.isEmpty }
        let firstKept = kept
        for index in groupStart..<groupEnd {
          let text = buffer[index].text
          if hasText, text.isEmpty { continue }  // a blank before (or after) the lyric
          work.operations += 1
          // Two singers' lines with one text (A2 `v1:`/`v2:`) are two lines, not a repeat.
          let agent = buffer[index].agent
          let isNew =
            isPair
            ? kept == firstKept || !Self.same(buffer[kept - 1].text, text)
              || buffer[kept - 1].agent != agent
            : texts.insert(agent.map { "\($0)\u{0}\(text)" } ?? text).inserted
          guard isNew else {
            repeats.append((sourceLines[index], ms))
            continue
          }
          if kept > firstKept, buffer[kept - 1].translation == nil {
            work.operations += 1
            if SameStampLines.isTranslation(text, of: buffer[kept - 1].text) {
              buffer[kept - 1].translation = text
              continue
            }
          }
          if kept != index { buffer.swapAt(kept, index) }
          kept += 1
        }
        groupStart = groupEnd
      }
      return kept
    }
    lines.removeSubrange(kept...)
    pairingWork = work
    for (line, ms) in repeats {
      warning(
        line: line, "repeats a line at \(LRCTimeFormat.string(ms)) with the same text; collapsed")
    }
  }
}
