/// What a format parser gathers while it walks a file, and how that becomes a `Lyrics`: the
/// `[offset:]` applied to every time (words, ends and background included), lines sorted by
/// time with equal times in file order, diagnostics in line order. Shared by every format but
/// LRC, whose own state also pairs translations by equal times. Package-wide: the C-backed
/// formats in `LyricsContainers` build their documents with it too.
package struct LyricsBuilder {
  package var metadata: [String: String] = [:]
  package var lines: [LyricLine] = []
  package var credits: [LyricCredit] = []
  package private(set) var diagnostics: [LRCDiagnostic] = []
  private var offsetLine = 0

  package init() {}

  package mutating func setTag(key: String, value: String, line: Int) {
    metadata[key] = value  // the last duplicate wins
    if key == "offset" { offsetLine = line }
  }

  /// Adds a line read from the file's line `sourceLine` (0 when the format has no lines), with
  /// `WordTimingRule` applied: every reader's words follow the same rule, and a word stamped
  /// early is a warning on its line.
  package mutating func append(_ line: consuming LyricLine, sourceLine: Int) {
    var line = line
    if let slip = line.normaliseWordTiming() { warning(line: sourceLine, slip.message) }
    lines.append(line)
  }

  package mutating func warning(line: Int, _ message: String) {
    diagnostics.append(LRCDiagnostic(line: line, severity: .warning, message: message))
  }

  package mutating func error(line: Int, _ message: String) {
    diagnostics.append(LRCDiagnostic(line: line, severity: .error, message: message))
  }

  /// `applyOffset` is false for formats whose times are already effective (TTML, lyricsfile):
  /// there an `offset` key is only metadata.
  package mutating func finish(applyOffset: Bool = true) -> LRCParseResult {
    var offsetMs = 0
    if applyOffset, let written = metadata["offset"] {
      if let value = LRCParseState.offsetValue(written) {
        offsetMs = value
      } else {
        warning(line: offsetLine, "offset '\(written)' is not a number of milliseconds; using 0")
      }
    }
    if offsetMs != 0 {
      for index in lines.indices { lines[index].shift(by: -offsetMs) }
      for index in credits.indices { credits[index].ms = credits[index].ms.map { $0 - offsetMs } }
    }
    if zip(lines, lines.dropFirst()).contains(where: { $0.ms > $1.ms }) {
      let order = lines.indices.sorted { (lines[$0].ms, $0) < (lines[$1].ms, $1) }
      lines = order.map { lines[$0] }
    }
    if lines.isEmpty { error(line: 0, "no timed line in the file") }
    let ordered = diagnostics.enumerated().sorted {
      ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
    }.map(\.element)
    return LRCParseResult(
      lyrics: Lyrics(metadata: metadata, offsetMs: offsetMs, lines: lines, credits: credits),
      diagnostics: ordered)
  }
}
