extension LyricsFormatDetector {
  /// `[start,second]` whose second number is at least the first: a Lyricify Lines end, or a
  /// QRC duration long enough to reach past its own start (only near the start of a song).
  static func endsAfterStart(_ line: Substring) -> Bool {
    guard let close = line.firstIndex(of: "]") else { return false }
    let parts = line[line.index(after: line.startIndex)..<close].split(separator: ",")
    guard parts.count == 2, let first = Int(parts[0]), let second = Int(parts[1]) else {
      return false
    }
    return second >= first
  }

  /// `[digit]` followed by text with a `(start,duration)` word stamp.
  static func isLyricifySyllable(_ line: Substring) -> Bool {
    guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return false }
    let number = line[line.index(after: line.startIndex)..<close]
    guard number.count == 1, let digit = number.first, digit.isASCII, digit.isNumber else {
      return false
    }
    return containsGroup(line[line.index(after: close)...], open: "(", close: ")", count: 2)
  }
}
