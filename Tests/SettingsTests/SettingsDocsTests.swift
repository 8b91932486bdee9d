import Foundation
import Settings
import TestSupport
import Testing

/// docs/settings.md and the table of keys (`SettingKey.all`) say the same: the docs' table has
/// a row for every key with its other spellings and no other row, in the table's order, and its
/// "read by" and "SIGHUP" columns are the table's; the example file sets every key to the
/// table's example; the warnings it shows are the parser's.
@Suite(.tags(.sanitized)) struct SettingsDocsTests {
  let docs: SettingsDocs

  init() throws { docs = try SettingsDocs.read() }

  @Test func theDocsTableHasARowForEveryKeyAndNoOther() {
    #expect(docs.rows.map(\.names.first) == SettingKey.all.map(\.name))
    for key in SettingKey.all {
      let row = docs.rows.first { $0.names.first == key.name }
      #expect(row?.names == [key.name] + key.aliases, "the other spellings of \(key.name)")
    }
  }

  @Test func theDocsSayWhoReadsEachKeyAndWhatSIGHUPDoes() {
    for key in SettingKey.all {
      guard let row = docs.rows.first(where: { $0.names.first == key.name }) else { continue }
      #expect(row.readBy == key.readersText, "read by, of \(key.name)")
      #expect(row.onSIGHUP == (key.isLive ? "at once" : "at start"), "SIGHUP, of \(key.name)")
    }
  }

  @Test func theExampleFileSetsEveryKeyToItsExample() {
    let example = AppConfig.parse(docs.exampleFile, file: "config")
    #expect(example.warnings.isEmpty, "\(example.warnings)")
    let lines = docs.exampleFile.split(separator: "\n").map(String.init)
    #expect(lines.map(SettingsDocs.key(of:)) == SettingKey.all.map(\.name))
    for line in lines {
      guard let key = SettingKey.named(SettingsDocs.key(of: line)) else { continue }
      #expect(
        AppConfig.parse(line, file: "config")
          == AppConfig.parse(
            "\(key.name) = \(key.example)", file: "config"), "\(line) is not \(key.example)")
    }
  }

  @Test func theWarningsShownAreTheParsers() {
    let file = "/home/me/.config/lyricpip/config"
    let config = AppConfig.parse("opacity = 0.5\ncontrols = loud\ncolour = red\n", file: file)
    #expect(config.warnings.map { "lyricpip: warning: " + $0 } == docs.mistakeWarnings)
  }
}

/// The parts of docs/settings.md the checks read.
struct SettingsDocs {
  struct Row {
    /// The key's name, then its other spellings.
    var names: [String]
    var readBy: String
    var onSIGHUP: String
  }

  var rows: [Row] = []
  /// The example file under "## The settings file".
  var exampleFile = ""
  /// The lines of the example under "Mistakes cost one line".
  var mistakeWarnings: [String] = []

  static func read() throws -> SettingsDocs {
    let text = try String(
      contentsOf: Paths.packageRoot.appendingPathComponent("docs/settings.md"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var docs = SettingsDocs()
    let header = "| key | values | default | read by | SIGHUP | what it does |"
    if let start = lines.firstIndex(of: header) {
      for line in lines[(start + 2)...].prefix(while: { $0.hasPrefix("|") }) {
        let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        guard cells.count == 8 else {
          docs.rows.append(
            Row(names: ["(a row of \(cells.count - 2) cells)"], readBy: "", onSIGHUP: ""))
          continue
        }
        docs.rows.append(
          Row(
            names: codeSpans(cells[1]), readBy: cells[4].replacingOccurrences(of: "`", with: ""),
            onSIGHUP: cells[5]))
      }
    }
    docs.exampleFile = block(after: "## The settings file", in: lines)
    docs.mistakeWarnings = block(after: "**Mistakes cost one line.**", in: lines)
      .split(separator: "\n").map(String.init)
    return docs
  }

  /// The key of a `key = value` line.
  static func key(of line: String) -> String {
    String(line.prefix { $0 != "=" }).trimmingCharacters(in: .whitespaces)
  }

  /// The words in backquotes.
  private static func codeSpans(_ cell: String) -> [String] {
    cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }

  /// The first fenced block after the line that starts with `heading`.
  private static func block(after heading: String, in lines: [String]) -> String {
    guard let start = lines.firstIndex(where: { $0.hasPrefix(heading) }),
      let open = lines[start...].firstIndex(of: "```"),
      let close = lines[(open + 1)...].firstIndex(of: "```")
    else { return "" }
    return lines[(open + 1)..<close].joined(separator: "\n")
  }
}
