import LyricsCore
import LyricsFiles

/// The human summary `lyricpip check` prints without `--json`: one line per file, then each
/// diagnostic as `file:line: severity: message` (compilers' style, so editors can jump to it).
public enum CheckSummary {
  public static func text(for report: LyricsCheck.Report) -> String {
    let lyrics = report.lyrics
    var parts = [
      report.encoding, "\(lyrics.lines.count) line\(lyrics.lines.count == 1 ? "" : "s")",
    ]
    // LRC is the usual case and says nothing; any other format is named first.
    if report.format != .lrc && report.format != .enhancedLRC {
      parts.insert(report.format.displayName, at: 0)
    }
    if let text = lyrics.untimedText, lyrics.isUntimed {
      let rows = text.split(separator: "\n").count
      parts.append("untimed (\(rows) line\(rows == 1 ? "" : "s") of text)")
    }
    if lyrics.offsetMs != 0 {
      parts.append("offset \(lyrics.offsetMs > 0 ? "+" : "")\(lyrics.offsetMs) ms")
    }
    let words = lyrics.lines.filter { !$0.words.isEmpty }.count
    if words > 0 { parts.append("\(words) with word timing") }
    let translations = lyrics.lines.filter { $0.translation != nil }.count
    if translations > 0 { parts.append("\(translations) translated") }
    parts.append(count(report.warningCount, "warning"))
    parts.append(count(report.errorCount, "error"))
    var text = "\(report.file): \(parts.joined(separator: ", "))\n"
    for diagnostic in report.diagnostics {
      let place = diagnostic.line > 0 ? "\(report.file):\(diagnostic.line)" : report.file
      text += "\(place): \(diagnostic.severity.rawValue): \(diagnostic.message)\n"
    }
    return text
  }

  private static func count(_ value: Int, _ noun: String) -> String {
    "\(value) \(noun)\(value == 1 ? "" : "s")"
  }
}
