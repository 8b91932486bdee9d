/// M3U and M3U8: one entry a line; `#EXTINF:seconds,Artist - Title` names the entry after it;
/// other `#` lines (`#EXTM3U`, `#EXTALB`, comments) are skipped.
public enum M3UReader {
  public static func entries(_ bytes: [UInt8]) -> [PlaylistEntry] {
    var entries: [PlaylistEntry] = []
    var title: String?
    for (number, line) in PlaylistText.lines(bytes) {
      if line.isEmpty { continue }
      if line.hasPrefix("#") {
        if line.hasPrefix("#EXTINF:"), let comma = line.firstIndex(of: ",") {
          let named = line[line.index(after: comma)...]
          title = named.isEmpty ? nil : String(named)
        }
        continue
      }
      entries.append(PlaylistEntry(location: line, title: title, line: number))
      title = nil
    }
    return entries
  }
}
