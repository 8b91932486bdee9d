import EventStream
import LyricsCore
import LyricsFiles
import SessionWiring

/// The `check --json` output, keys in the documented order (`file`, `encoding`, `format`,
/// `metadata`, `offsetMs`, `lines`, `untimed` for untimed lyrics, `credits` when any,
/// `diagnostics`), one lyric line a row.
/// Written straight into one `JSONBytes` buffer (the program's one JSON writer): a 10 MB file has
/// 170 000 rows, and a `JSONValue` tree per row made this slower than the parse itself.
enum CheckJSON {
  /// Several reports: a JSON array of their objects.
  static func array(for reports: [LyricsCheck.Report]) -> JSONBytes {
    var output = JSONBytes()
    guard !reports.isEmpty else {
      output.append("[]")
      return output
    }
    output.append("[\n")
    for (position, report) in reports.enumerated() {
      if position > 0 { output.append(",\n") }
      write(report, to: &output, indent: "  ")
    }
    output.append("\n]")
    return output
  }

  /// One report: its object alone.
  static func object(for report: LyricsCheck.Report) -> JSONBytes {
    // About 60 bytes a line: one allocation for most files.
    var output = JSONBytes(reservingCapacity: 64 + report.lyrics.lines.count * 64)
    write(report, to: &output, indent: "")
    return output
  }

  private static func write(
    _ report: LyricsCheck.Report, to output: inout JSONBytes, indent: StaticString
  ) {
    let lyrics = report.lyrics
    output.append(indent)
    output.append("{\n")
    field("file", first: true, indent: indent, to: &output)
    output.appendQuoted(report.file)
    field("encoding", indent: indent, to: &output)
    output.appendQuoted(report.encoding)
    field("format", indent: indent, to: &output)
    output.appendQuoted(report.format.rawValue)
    field("metadata", indent: indent, to: &output)
    JSONValue.object(
      lyrics.metadata.keys.sorted().map { JSONField($0, .string(lyrics.metadata[$0] ?? "")) }
    ).write(to: &output, separator: ", ", colon: ": ")
    field("offsetMs", indent: indent, to: &output)
    output.append(lyrics.offsetMs)
    field("lines", indent: indent, to: &output)
    rows(lyrics.lines, indent: indent, to: &output, row: line)
    if let text = lyrics.untimedText, lyrics.isUntimed {
      // The text of a file with no time stamps, one row a line (blank rows part the verses).
      field("untimed", indent: indent, to: &output)
      let untimedRows = text.split(separator: "\n", omittingEmptySubsequences: false)
      rows(untimedRows, indent: indent, to: &output) { $1.appendQuoted(String($0)) }
    }
    if !lyrics.credits.isEmpty {
      field("credits", indent: indent, to: &output)
      rows(lyrics.credits, indent: indent, to: &output, row: credit)
    }
    field("diagnostics", indent: indent, to: &output)
    rows(report.diagnostics, indent: indent, to: &output, row: diagnostic)
    output.append("\n")
    output.append(indent)
    output.append("}")
  }

  /// `,\n` before every field but the first, the field's indent, then `"name": `.
  private static func field(
    _ name: StaticString, first: Bool = false, indent: StaticString, to output: inout JSONBytes
  ) {
    if !first { output.append(",\n") }
    output.append(indent)
    output.append("  \"")
    output.append(name)
    output.append("\": ")
  }

  /// `[` with one value a row, or `[]`.
  private static func rows<Value>(
    _ values: [Value], indent: StaticString, to output: inout JSONBytes,
    row: (Value, inout JSONBytes) -> Void
  ) {
    guard !values.isEmpty else {
      output.append("[]")
      return
    }
    output.append("[\n")
    for (position, value) in values.enumerated() {
      if position > 0 { output.append(",\n") }
      output.append(indent)
      output.append("    ")
      row(value, &output)
    }
    output.append("\n")
    output.append(indent)
    output.append("  ]")
  }

  /// `, "name": ` inside a row's object.
  private static func key(_ name: StaticString, to output: inout JSONBytes) {
    output.append(", \"")
    output.append(name)
    output.append("\": ")
  }

  /// `, "name": number` when there is one.
  private static func optional(_ name: StaticString, _ value: Int?, to output: inout JSONBytes) {
    guard let value else { return }
    key(name, to: &output)
    output.append(value)
  }

  /// `, "name": "text"` when there is one.
  private static func optional(
    _ name: StaticString, _ value: String?, to output: inout JSONBytes
  ) {
    guard let value else { return }
    key(name, to: &output)
    output.appendQuoted(value)
  }

  /// `ms`, `text`, then only what the line has: `words`, `endMs`, `translation`,
  /// `romanisation`, `agent`, `background`.
  private static func line(_ line: LyricLine, to output: inout JSONBytes) {
    output.append("{\"ms\": ")
    output.append(line.ms)
    key("text", to: &output)
    output.appendQuoted(line.text)
    if !line.words.isEmpty {
      key("words", to: &output)
      words(line.words, to: &output)
    }
    optional("endMs", line.endMs, to: &output)
    optional("translation", line.translation, to: &output)
    optional("romanisation", line.romanisation, to: &output)
    optional("agent", line.agent, to: &output)
    if let background = line.background {
      key("background", to: &output)
      output.append("{\"ms\": ")
      output.append(background.ms)
      optional("endMs", background.endMs, to: &output)
      key("text", to: &output)
      output.appendQuoted(background.text)
      if !background.words.isEmpty {
        key("words", to: &output)
        words(background.words, to: &output)
      }
      optional("translation", background.translation, to: &output)
      optional("romanisation", background.romanisation, to: &output)
      output.append("}")
    }
    output.append("}")
  }

  /// Each word: `ms`, `text`, and `endMs` when the format gives the word its own end.
  private static func words(_ words: [LyricWord], to output: inout JSONBytes) {
    output.append("[")
    for (position, word) in words.enumerated() {
      if position > 0 { output.append(", ") }
      output.append("{\"ms\": ")
      output.append(word.ms)
      key("text", to: &output)
      output.appendQuoted(word.text)
      optional("endMs", word.endMs, to: &output)
      output.append("}")
    }
    output.append("]")
  }

  private static func credit(_ credit: LyricCredit, to output: inout JSONBytes) {
    output.append("{")
    if let ms = credit.ms {
      output.append("\"ms\": ")
      output.append(ms)
      output.append(", ")
    }
    output.append("\"text\": ")
    output.appendQuoted(credit.text)
    output.append("}")
  }

  private static func diagnostic(_ diagnostic: LRCDiagnostic, to output: inout JSONBytes) {
    output.append("{\"line\": ")
    output.append(diagnostic.line)
    key("severity", to: &output)
    output.appendQuoted(diagnostic.severity.rawValue)
    key("message", to: &output)
    output.appendQuoted(diagnostic.message)
    output.append("}")
  }
}
