import FoundationEssentials
import SystemSupport

/// One key of the settings file changed by lyricpip itself (`follow --enable-autostart`): every
/// other line, comments and blank lines included, stays as the user wrote it, and the file is
/// replaced atomically.
public enum SettingsFileEdit {
  /// `text` with every `key = …` line set to `key = value`, or the line added at the end when
  /// there was none. A commented-out line (`# key = …`) is left alone.
  public static func setting(_ key: String, to value: String, in text: String) -> String {
    let wanted = "\(key) = \(value)"
    var found = false
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      guard Self.key(of: line) == key else { return String(line) }
      found = true
      return wanted
    }
    if !found {
      if lines.last == "" { lines.removeLast() }
      lines.append(wanted)
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }

  /// Sets `key` in the file at `path` (made, with its folder, when missing).
  public static func set(_ key: String, to value: String, path: String) throws {
    let url = URL(fileURLWithPath: path)
    let old = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try AtomicFile.write(Data(setting(key, to: value, in: old ?? "").utf8), to: url)
  }

  /// The lowercased key of a `key = value` line; nil for a comment, a blank or another line.
  private static func key(of line: Substring) -> String? {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    let start = line.drop(while: blank)
    guard let equals = start.firstIndex(of: "="), start.first != "#" else { return nil }
    let name = start[..<equals]
    return String(name.reversed().drop(while: blank).reversed()).lowercased()
  }
}
