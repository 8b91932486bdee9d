/// PLS: an INI-like `[playlist]` with `FileN=` and `TitleN=` keys; entries in the order of N
/// (then of their lines, for two with the same N).
public enum PLSReader {
  public static func entries(_ bytes: [UInt8]) -> [PlaylistEntry] {
    var files: [(number: Int, entry: PlaylistEntry)] = []
    var titles: [Int: String] = [:]
    for (line, text) in PlaylistText.lines(bytes) {
      guard let equals = text.firstIndex(of: "=") else { continue }
      let key = text[..<equals].lowercased()
      let value = String(text[text.index(after: equals)...])
      if key.hasPrefix("file"), let number = Int(key.dropFirst(4)), !value.isEmpty {
        files.append((number, PlaylistEntry(location: value, line: line)))
      } else if key.hasPrefix("title"), let number = Int(key.dropFirst(5)) {
        titles[number] = value
      }
    }
    return files.enumerated().sorted { left, right in
      left.element.number != right.element.number
        ? left.element.number < right.element.number : left.offset < right.offset
    }.map { item in
      var entry = item.element.entry
      entry.title = titles[item.element.number]
      return entry
    }
  }
}
