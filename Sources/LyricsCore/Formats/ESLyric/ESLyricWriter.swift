/// Writes ESLyric's word format: `[start]word[end] word[end]…`. A gap between two words is
/// written as an empty word (`[end][next start]`); a word's trailing spaces go after its end
/// stamp, where ESLyric files put them.
public enum ESLyricWriter {
  public static func write(_ lyrics: Lyrics) -> String {
    var output = HeaderTag.write(lyrics)
    let offset = lyrics.offsetMs
    func stamp(_ ms: Int) -> String { "[\(LRCTimeFormat.string(max(0, ms + offset)))]" }
    for line in lyrics.lines {
      guard !line.words.isEmpty else {
        output += stamp(line.ms) + HeaderTag.oneLine(line.text) + "\n"
        continue
      }
      var previousEnd: Int?
      var pendingSpaces = ""
      for (index, word) in line.words.enumerated() {
        // After the end stamp already written, a later start opens a gap.
        output += pendingSpaces
        if previousEnd != word.ms { output += stamp(word.ms) }
        var text = HeaderTag.oneLine(word.text)
        pendingSpaces = ""
        while let last = text.last, last == " " || last == "\t" {
          pendingSpaces.insert(last, at: pendingSpaces.startIndex)
          text.removeLast()
        }
        output += text
        let isLast = index == line.words.count - 1
        let end = word.endMs ?? (isLast ? line.endMs : line.words[index + 1].ms)
        if let end {
          output += stamp(end)
          previousEnd = end
        } else {
          previousEnd = nil
        }
      }
      output += pendingSpaces + "\n"
    }
    return output
  }
}
