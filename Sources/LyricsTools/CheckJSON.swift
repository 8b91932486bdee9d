import EventStream
import LyricsCore
import LyricsFiles
import SystemSupport

/// The `check --json` output, keys in the documented order (`file`, `encoding`, `format`,
/// `metadata`, `offsetMs`, `lines`, `untimed` for untimed lyrics, `credits` when any,
/// `diagnostics`), one lyric line a row.
/// Written as a `JSONDocument`: counted, then written straight into one buffer of its exact size
/// (a 10 MB file has 200 000 rows and 18 MB of JSON; appending piece by piece to a growing array
/// cost more than the parse itself, callgrind).
public enum CheckJSON {
  /// The output of `check --json`, ended by a newline, written to `file` as it is made (through
  /// `JSONStream`: a 10 MB lyrics file's 18 MB of JSON never whole in memory): the one report's
  /// object, or an array of them when `asArray` (several files were given).
  public static func write(
    _ reports: [LyricsCheck.Report], asArray: Bool, to file: OutputFile
  ) {
    JSONStream.write(Document(reports: reports, single: !asArray, newline: true), to: file)
  }

  /// Several reports: a JSON array of their objects.
  public static func array(for reports: [LyricsCheck.Report]) -> JSONBytes {
    JSONBytes(Document(reports: reports, single: false, newline: false))
  }

  /// One report: its object alone.
  public static func object(for report: LyricsCheck.Report) -> JSONBytes {
    JSONBytes(Document(reports: [report], single: true, newline: false))
  }

  /// The whole output, through any sink: the bytes for a test, the stream for the command.
  private struct Document: JSONDocument {
    var reports: [LyricsCheck.Report]
    var single: Bool
    var newline: Bool

    func write<Sink: JSONSink>(to output: inout Sink) {
      if single, let report = reports.first {
        CheckJSON.write(report, to: &output, indent: "")
      } else if reports.isEmpty {
        output.append("[]")
      } else {
        output.append("[\n")
        for (position, report) in reports.enumerated() {
          if position > 0 { output.append(",\n") }
          CheckJSON.write(report, to: &output, indent: "  ")
        }
        output.append("\n]")
      }
      if newline { output.append("\n") }
    }
  }

  private static func write<Sink: JSONSink>(
    _ report: LyricsCheck.Report, to output: inout Sink, indent: StaticString
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
    metadata(lyrics.metadata, to: &output)
    field("offsetMs", indent: indent, to: &output)
    output.append(lyrics.offsetMs)
    field("lines", indent: indent, to: &output)
    rows(lyrics.lines, indent: indent, to: &output) { line($0, to: &$1) }
    if let text = lyrics.untimedText, lyrics.isUntimed {
      // The text of a file with no time stamps, one row a line (blank rows part the verses).
      field("untimed", indent: indent, to: &output)
      let untimedRows = text.split(separator: "\n", omittingEmptySubsequences: false)
      rows(untimedRows, indent: indent, to: &output) { $1.appendQuoted(String($0)) }
    }
    if !lyrics.credits.isEmpty {
      field("credits", indent: indent, to: &output)
      rows(lyrics.credits, indent: indent, to: &output) { credit($0, to: &$1) }
    }
    field("diagnostics", indent: indent, to: &output)
    rows(report.diagnostics, indent: indent, to: &output) { diagnostic($0, to: &$1) }
    output.append("\n")
    output.append(indent)
    output.append("}")
  }

  /// The ID tags, keys sorted, on one line: `{"ar": "Artist", "ti": "Title"}` (as
  /// `JSONValue.spaced` spells an object).
  private static func metadata<Sink: JSONSink>(_ tags: [String: String], to output: inout Sink) {
    output.append("{")
    for (position, key) in tags.keys.sorted().enumerated() {
      if position > 0 { output.append(", ") }
      output.appendQuoted(key)
      output.append(": ")
      output.appendQuoted(tags[key] ?? "")
    }
    output.append("}")
  }

  /// `,\n` before every field but the first, the field's indent, then `"name": `.
  @inline(__always)
  private static func field<Sink: JSONSink>(
    _ name: StaticString, first: Bool = false, indent: StaticString, to output: inout Sink
  ) {
    if !first { output.append(",\n") }
    output.append(indent)
    output.append("  \"")
    output.append(name)
    output.append("\": ")
  }

  /// `[` with one value a row, or `[]`.
  private static func rows<Value, Sink: JSONSink>(
    _ values: [Value], indent: StaticString, to output: inout Sink,
    row: (Value, inout Sink) -> Void
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

  // `field`, `key` and `optional` are always inlined: their names are then literals where they
  // are written, copied by a few moves (a call each cost more than the row's text).

  /// `, "name": ` inside a row's object.
  @inline(__always)
  private static func key<Sink: JSONSink>(_ name: StaticString, to output: inout Sink) {
    output.append(", \"")
    output.append(name)
    output.append("\": ")
  }

  /// `, "name": number` when there is one.
  @inline(__always)
  private static func optional<Sink: JSONSink>(
    _ name: StaticString, _ value: Int?, to output: inout Sink
  ) {
    guard let value else { return }
    key(name, to: &output)
    output.append(value)
  }

  /// `, "name": "text"` when there is one.
  @inline(__always)
  private static func optional<Sink: JSONSink>(
    _ name: StaticString, _ value: String?, to output: inout Sink
  ) {
    guard let value else { return }
    key(name, to: &output)
    output.appendQuoted(value)
  }

  /// `ms`, `text`, then only what the line has: `words`, `endMs`, `translation`,
  /// `romanisation`, `agent`, `background`.
  private static func line<Sink: JSONSink>(_ line: LyricLine, to output: inout Sink) {
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
  private static func words<Sink: JSONSink>(_ words: [LyricWord], to output: inout Sink) {
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

  private static func credit<Sink: JSONSink>(_ credit: LyricCredit, to output: inout Sink) {
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

  private static func diagnostic<Sink: JSONSink>(_ diagnostic: LRCDiagnostic, to output: inout Sink)
  {
    output.append("{\"line\": ")
    output.append(diagnostic.line)
    key("severity", to: &output)
    output.appendQuoted(diagnostic.severity.rawValue)
    key("message", to: &output)
    output.appendQuoted(diagnostic.message)
    output.append("}")
  }
}
