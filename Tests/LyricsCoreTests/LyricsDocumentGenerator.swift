import TestSupport

@testable import LyricsCore

/// Random `Lyrics` documents of the kind the parser produces (see `LRCWriter`'s contract), for
/// round-trip tests. Seeded, so every run checks the same documents.
struct LyricsDocumentGenerator {
  var random: SeededGenerator

  init(seed: UInt64) { random = SeededGenerator(seed: seed) }

  /// No digits, so no `<m:ss>` stamp can form by chance; brackets, colons and `<` do occur.
  static let alphabet = Array("abcxyz ÉéßŒ你好世界歌词こんにちは한국 .,!?'\"-[]<>:#&\\/\t")

  mutating func document() -> Lyrics {
    var metadata: [String: String] = [:]
    for key in ["ti", "ar", "al", "by", "length", "custom", "x"] where Bool.random(using: &random) {
      metadata[key] = text(maxLength: 12).replacingOccurrences(of: "]", with: ")")
    }
    var offsetMs = 0
    if Bool.random(using: &random) {
      offsetMs = Int.random(in: -5000...5000, using: &random)
      let forms = ["\(offsetMs)", offsetMs >= 0 ? "+\(offsetMs)" : "- \(-offsetMs)"]
      metadata["offset"] = forms[Int.random(in: 0..<forms.count, using: &random)]
    }
    var lines: [LyricLine] = []
    var ms = Int.random(in: -3000...3000, using: &random)
    for _ in 0..<Int.random(in: 0...25, using: &random) {
      // Equal times only after a translated line, as the parser pairs them.
      let sameTime = lines.last?.translation != nil && Int.random(in: 0..<4, using: &random) == 0
      if !sameTime { ms += Int.random(in: 1...8000, using: &random) }
      var next = line(at: ms)
      if sameTime {
        // An empty line on a stamp with text gives way to it (`SameStampLines`).
        if next.text.isEmpty { continue }
        // Within one time, a text seen before would collapse as a repeat: keep them distinct.
        let group = lines.reversed().prefix { $0.ms == ms }
        let seen = Set(group.flatMap { [$0.text] + ($0.translation.map { [$0] } ?? []) })
        if seen.contains(next.text) { continue }
        if let translation = next.translation, seen.contains(translation) {
          next.translation = nil
        }
      }
      lines.append(next)
    }
    // Words as the parser leaves them (`WordTimingRule`), which reads stamps as written.
    for index in lines.indices where !lines[index].words.isEmpty {
      lines[index].shift(by: offsetMs)
      _ = lines[index].normaliseWordTiming()
      lines[index].shift(by: -offsetMs)
    }
    return Lyrics(metadata: metadata, offsetMs: offsetMs, lines: lines)
  }

  mutating func line(at ms: Int) -> LyricLine {
    var line = LyricLine(ms: ms, text: lyricText())
    if !line.text.isEmpty, Int.random(in: 0..<3, using: &random) == 0 {
      // Split the text into words at random places (on character boundaries).
      let characters = Array(line.text)
      var cuts = Set(
        (0..<Int.random(in: 0...3, using: &random)).map { _ in
          Int.random(in: 1...characters.count, using: &random)
        })
      cuts.insert(characters.count)
      var start = 0
      var wordMs = ms + Int.random(in: -200...200, using: &random)
      for cut in cuts.sorted() where cut > start {
        line.words.append(LyricWord(ms: wordMs, text: String(characters[start..<cut])))
        wordMs += Int.random(in: 0...900, using: &random)
        start = cut
      }
      if Bool.random(using: &random) { line.endMs = wordMs }
    }
    if Int.random(in: 0..<4, using: &random) == 0 {
      let translation = lyricText()
      // Only what LRC reads back as a translation: another writing system than the line's.
      if SameStampLines.isTranslation(translation, of: line.text) {
        line.translation = translation
      }
    }
    return line
  }

  /// Trimmed, not opening with `[` (a leading bracket group could read as a tag), maybe empty.
  mutating func lyricText() -> String {
    var text = self.text(maxLength: 20)
    while text.hasPrefix("[") { text.removeFirst() }
    return text.trimmingCharacters(in: [" ", "\t"])
  }

  mutating func text(maxLength: Int) -> String {
    let count = Int.random(in: 0...maxLength, using: &random)
    let characters = (0..<count).map { _ in
      Self.alphabet[Int.random(in: 0..<Self.alphabet.count, using: &random)]
    }
    return String(characters).trimmingCharacters(in: [" ", "\t"])
  }
}
