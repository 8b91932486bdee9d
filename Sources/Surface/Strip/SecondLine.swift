import LyricsCore

/// What the strip shows under the current line (the `second-line` setting).
///
/// Each choice falls back to the next line when the current line lacks that part, so the strip
/// never goes blank below a line: `translation` (the default) is the translation when the line
/// has one, else the next line, which is what the strip always did.
public enum SecondLine: String, Equatable, Sendable, CaseIterable {
  /// The next line with text that starts later.
  case next
  /// The line's translation, else the next line.
  case translation
  /// The line's romanisation (the line spelt in Latin letters), else the next line.
  case romanisation

  /// The text under line `index` of `lines`; empty when there is nothing to show.
  func text(under index: Int, of lines: [LyricLine]) -> String {
    guard lines.indices.contains(index) else { return "" }
    let line = lines[index]
    switch self {
    case .translation:
      if let translation = line.translation { return translation }
    case .romanisation:
      if let romanisation = line.romanisation { return romanisation }
    case .next: break
    }
    return Self.nextText(after: index, of: lines)
  }

  /// The first line with text after `index`: a line that starts with it (a second voice, or a
  /// line sung beside it; the parsers pair translations, so these are not), which is on screen
  /// only here, else the next line to come.
  static func nextText(after index: Int, of lines: [LyricLine]) -> String {
    guard lines.indices.contains(index) else { return "" }
    return lines.dropFirst(index + 1).first { $0.ms >= lines[index].ms && !$0.text.isEmpty }?.text
      ?? ""
  }
}
