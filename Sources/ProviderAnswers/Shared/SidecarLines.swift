import LyricsCore

/// A translation or romanisation sent as a document of its own (NetEase's `tlyric`, `ytlrc`,
/// `romalrc`, `yromalrc`), put on the lines it belongs to. Its stamps are those of the main
/// lines, give or take: a YRC line's start and its `ytlrc` stamp differ by tens of
/// milliseconds, so a sidecar line goes to the main line whose start is nearest, within
/// `toleranceMs`, and only to a line that has no such text yet. The LRC reader's own pairing
/// (two lines on one stamp) needs equal stamps and would take a third line as a line of its own,
/// so it cannot pair a translation and a romanisation at once.
enum SidecarLines {
  static let toleranceMs = 100

  /// How many sidecar lines found no main line (a count for a warning).
  @discardableResult
  static func attach(
    _ sidecar: [LyricLine], to lines: inout [LyricLine],
    field: WritableKeyPath<LyricLine, String?>, toleranceMs: Int = toleranceMs
  ) -> Int {
    var unplaced = 0
    for extra in sidecar {
      let text = extra.text.trimmed
      // `//` is how the services write "no translation for this line".
      guard !text.isEmpty, text != "//" else { continue }
      guard let index = nearest(extra.ms, in: lines),
        abs(lines[index].ms - extra.ms) <= toleranceMs, lines[index][keyPath: field] == nil
      else {
        unplaced += 1
        continue
      }
      lines[index][keyPath: field] = text
    }
    return unplaced
  }

  /// The index of the line (sorted by start) whose start is nearest `ms`; the first of equals.
  static func nearest(_ ms: Int, in lines: [LyricLine]) -> Int? {
    guard !lines.isEmpty else { return nil }
    var low = 0
    var high = lines.count
    while low < high {  // the first line starting at or after `ms`
      let middle = (low + high) / 2
      if lines[middle].ms < ms { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return 0 }
    guard low < lines.count else { return lines.count - 1 }
    // The first of a run of equal starts, when the one before is as near.
    let before = low - 1
    var best = ms - lines[before].ms <= lines[low].ms - ms ? before : low
    while best > 0, lines[best - 1].ms == lines[best].ms { best -= 1 }
    return best
  }
}
