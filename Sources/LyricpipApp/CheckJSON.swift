import LyricsCore
import LyricsFiles

/// The `check --json` output of lrc.md, written by hand so the keys come in the spec's order
/// (`file`, `encoding`, `metadata`, `offsetMs`, `lines`, `diagnostics`), one lyric line a row.
enum CheckJSON {
  static func array(for reports: [LyricsCheck.Report]) -> String {
    guard !reports.isEmpty else { return "[]" }
    return "[\n" + reports.map { object(for: $0, indent: "  ") }.joined(separator: ",\n") + "\n]"
  }

  static func object(for report: LyricsCheck.Report, indent: String = "") -> String {
    let inner = indent + "  "
    let lyrics = report.lyrics
    let metadata = lyrics.metadata.keys.sorted().map {
      "\(JSONText.quoted($0)): \(JSONText.quoted(lyrics.metadata[$0] ?? ""))"
    }
    var fields = [
      "\"file\": \(JSONText.quoted(report.file))",
      "\"encoding\": \(JSONText.quoted(report.encoding))",
      "\"metadata\": {\(metadata.joined(separator: ", "))}",
      "\"offsetMs\": \(lyrics.offsetMs)",
    ]
    let lines = lyrics.lines.map { inner + "  " + line($0) }
    fields.append(
      lines.isEmpty
        ? "\"lines\": []" : "\"lines\": [\n\(lines.joined(separator: ",\n"))\n\(inner)]")
    let diagnostics = report.diagnostics.map { inner + "  " + diagnostic($0) }
    fields.append(
      diagnostics.isEmpty
        ? "\"diagnostics\": []"
        : "\"diagnostics\": [\n\(diagnostics.joined(separator: ",\n"))\n\(inner)]")
    return "\(indent){\n" + fields.map { inner + $0 }.joined(separator: ",\n") + "\n\(indent)}"
  }

  static func line(_ line: LyricLine) -> String {
    var fields = ["\"ms\": \(line.ms)", "\"text\": \(JSONText.quoted(line.text))"]
    if !line.words.isEmpty {
      let words = line.words.map { "{\"ms\": \($0.ms), \"text\": \(JSONText.quoted($0.text))}" }
      fields.append("\"words\": [\(words.joined(separator: ", "))]")
    }
    if let endMs = line.endMs { fields.append("\"endMs\": \(endMs)") }
    if let translation = line.translation {
      fields.append("\"translation\": \(JSONText.quoted(translation))")
    }
    return "{" + fields.joined(separator: ", ") + "}"
  }

  static func diagnostic(_ diagnostic: LRCDiagnostic) -> String {
    "{\"line\": \(diagnostic.line), \"severity\": \"\(diagnostic.severity.rawValue)\", "
      + "\"message\": \(JSONText.quoted(diagnostic.message))}"
  }
}
