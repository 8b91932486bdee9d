import LyricsCore
import LyricsFiles
import SessionWiring

/// The `check --json` output, keys in the documented order (`file`, `encoding`, `metadata`,
/// `offsetMs`, `lines`, `diagnostics`), one lyric line a row. The rows and the metadata are
/// `JSONValue`s (the program's one JSON writer); only the layout around them is written here.
enum CheckJSON {
  static func array(for reports: [LyricsCheck.Report]) -> String {
    guard !reports.isEmpty else { return "[]" }
    return "[\n" + reports.map { object(for: $0, indent: "  ") }.joined(separator: ",\n") + "\n]"
  }

  static func object(for report: LyricsCheck.Report, indent: String = "") -> String {
    let inner = indent + "  "
    let lyrics = report.lyrics
    let metadata = JSONValue.object(
      lyrics.metadata.keys.sorted().map { JSONField($0, .string(lyrics.metadata[$0] ?? "")) })
    var fields = [
      field("file", .string(report.file)), field("encoding", .string(report.encoding)),
      field("metadata", metadata), field("offsetMs", .int(lyrics.offsetMs)),
    ]
    fields.append(rows("lines", lyrics.lines.map(line), indent: inner))
    fields.append(rows("diagnostics", report.diagnostics.map(diagnostic), indent: inner))
    return "\(indent){\n" + fields.map { inner + $0 }.joined(separator: ",\n") + "\n\(indent)}"
  }

  private static func field(_ name: String, _ value: JSONValue) -> String {
    JSONValue.quoted(name) + ": " + value.spaced
  }

  /// `"name": [` with one value a row, or `"name": []`.
  private static func rows(_ name: String, _ values: [JSONValue], indent: String) -> String {
    guard !values.isEmpty else { return field(name, .array([])) }
    let body = values.map { indent + "  " + $0.spaced }.joined(separator: ",\n")
    return JSONValue.quoted(name) + ": [\n" + body + "\n" + indent + "]"
  }

  static func line(_ line: LyricLine) -> JSONValue {
    var fields = [JSONField("ms", .int(line.ms)), JSONField("text", .string(line.text))]
    if !line.words.isEmpty {
      let words = line.words.map {
        JSONValue.object([JSONField("ms", .int($0.ms)), JSONField("text", .string($0.text))])
      }
      fields.append(JSONField("words", .array(words)))
    }
    if let endMs = line.endMs { fields.append(JSONField("endMs", .int(endMs))) }
    if let translation = line.translation {
      fields.append(JSONField("translation", .string(translation)))
    }
    return .object(fields)
  }

  static func diagnostic(_ diagnostic: LRCDiagnostic) -> JSONValue {
    .object([
      JSONField("line", .int(diagnostic.line)),
      JSONField("severity", .string(diagnostic.severity.rawValue)),
      JSONField("message", .string(diagnostic.message)),
    ])
  }
}
