import LyricsCore
import LyricsFiles
import SessionWiring

/// The `check --json` output, keys in the documented order (`file`, `encoding`, `format`,
/// `metadata`, `offsetMs`, `lines`, `credits` when any, `diagnostics`), one lyric line a row. The rows and the metadata are
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
      field("format", .string(report.format.rawValue)), field("metadata", metadata),
      field("offsetMs", .int(lyrics.offsetMs)),
    ]
    fields.append(rows("lines", lyrics.lines.map(line), indent: inner))
    if !lyrics.credits.isEmpty {
      fields.append(rows("credits", lyrics.credits.map(credit), indent: inner))
    }
    fields.append(rows("diagnostics", report.diagnostics.map(diagnostic), indent: inner))
    return "\(indent){\n" + fields.map { inner + $0 }.joined(separator: ",\n") + "\n\(indent)}"
  }

  private static func field(_ name: String, _ value: JSONValue) -> String {
    JSONValue.quoted(name) + ": " + value.spaced
  }

  /// `"name": [` with one value a row, or `"name": []`.
  private static func rows(_ name: String, _ values: [JSONValue], indent: String) -> String {
    guard !values.isEmpty else { return field(name, .array([])) }
    // One growing string for all the rows (a 10 MB file has 170 000 of them).
    var output = JSONValue.quoted(name) + ": [\n"
    for (position, value) in values.enumerated() {
      if position > 0 { output += ",\n" }
      output += indent + "  "
      value.write(to: &output, separator: ", ", colon: ": ")
    }
    return output + "\n" + indent + "]"
  }

  /// `ms`, `text`, then only what the line has: `words`, `endMs`, `translation`,
  /// `romanisation`, `agent`, `background`.
  static func line(_ line: LyricLine) -> JSONValue {
    var fields = [JSONField("ms", .int(line.ms)), JSONField("text", .string(line.text))]
    if !line.words.isEmpty { fields.append(JSONField("words", .array(line.words.map(word)))) }
    if let endMs = line.endMs { fields.append(JSONField("endMs", .int(endMs))) }
    if let translation = line.translation {
      fields.append(JSONField("translation", .string(translation)))
    }
    if let romanisation = line.romanisation {
      fields.append(JSONField("romanisation", .string(romanisation)))
    }
    if let agent = line.agent { fields.append(JSONField("agent", .string(agent))) }
    if let background = line.background {
      var part = [JSONField("ms", .int(background.ms))]
      if let endMs = background.endMs { part.append(JSONField("endMs", .int(endMs))) }
      part.append(JSONField("text", .string(background.text)))
      if !background.words.isEmpty {
        part.append(JSONField("words", .array(background.words.map(word))))
      }
      fields.append(JSONField("background", .object(part)))
    }
    return .object(fields)
  }

  /// `ms`, `text`, and `endMs` when the format gives the word its own end.
  static func word(_ word: LyricWord) -> JSONValue {
    var fields = [JSONField("ms", .int(word.ms)), JSONField("text", .string(word.text))]
    if let endMs = word.endMs { fields.append(JSONField("endMs", .int(endMs))) }
    return .object(fields)
  }

  static func credit(_ credit: LyricCredit) -> JSONValue {
    var fields: [JSONField] = []
    if let ms = credit.ms { fields.append(JSONField("ms", .int(ms))) }
    fields.append(JSONField("text", .string(credit.text)))
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
