import LyricsCore
import TestSupport

/// Seeded random documents of what one format can hold (and its parser produces), for
/// `parse(write(x)) == x`: times within what the format spells, texts without line breaks or
/// digits (so no stamp forms by chance), spaces where the format keeps them.
struct FormatDocumentGenerator {
  var random: SeededGenerator
  let format: LyricsFormat

  init(format: LyricsFormat, seed: UInt64) {
    self.format = format
    random = SeededGenerator(seed: seed &* 7919 &+ UInt64(format.rawValue.utf8.count))
  }

  static let alphabet = Array("abcxyz ÉéßŒ你好世界歌词こんにちは한국.,!?'\"-&<>/()[]")

  mutating func chance(_ oneIn: Int) -> Bool { Int.random(in: 0..<oneIn, using: &random) == 0 }

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

  /// Letters and punctuation, no leading or trailing space, no double space, never empty.
  mutating func word() -> String {
    var text = ""
    for _ in 0..<int(1...6) {
      let character = Self.alphabet[int(0...(Self.alphabet.count - 1))]
      if character == " " { continue }
      text.append(character)
    }
    return text.isEmpty ? "w" : text
  }

  mutating func phrase() -> String { (0..<int(1...4)).map { _ in word() }.joined(separator: " ") }

  /// An ID tag's value cannot hold `]`, which would end the tag.
  mutating func tagValue() -> String { String(phrase().map { $0 == "]" ? ")" : $0 }) }

  mutating func document() -> Lyrics {
    var lyrics = Lyrics()
    let isTTML = format == .ttml
    if chance(2) { lyrics.metadata["ti"] = isTTML ? phrase() : tagValue() }
    if isTTML {
      if chance(2) { lyrics.metadata["language"] = ["en", "ja", "zh-Hans"][int(0...2)] }
    } else {
      if chance(2) { lyrics.metadata["ar"] = tagValue() }
      if chance(3) { lyrics.metadata["custom"] = tagValue() }
      if chance(2) {
        lyrics.offsetMs = int(-500...500)
        lyrics.metadata["offset"] = "\(lyrics.offsetMs)"
      }
    }
    // Times the file spells must not go below 0: effective time + offset >= 0.
    var ms = max(0, -lyrics.offsetMs) + int(0...2000)
    for _ in 0..<int(1...12) {
      let line = self.line(at: ms)
      ms = line.lastMs + int(1...3000)
      lyrics.lines.append(line)
    }
    if format == .yrc || isTTML {
      for _ in 0..<int(0...2) {
        lyrics.credits.append(
          LyricCredit(ms: isTTML ? nil : max(0, -lyrics.offsetMs) + int(0...900), text: phrase()))
      }
    }
    return lyrics
  }

  mutating func line(at ms: Int) -> LyricLine {
    var line = LyricLine(ms: ms, text: "")
    if format == .lyl {
      // Lyricify Lines: text and both times, nothing else.
      line.text = chance(5) ? "" : phrase()
      line.endMs = ms + int(0...3000)
      return line
    }
    if format != .lys, chance(4) {
      line.text = chance(5) ? "" : phrase()
      if format != .eslyric || chance(2) { line.endMs = ms + int(0...3000) }
      if format == .eslyric { line.endMs = nil }
    } else {
      line.words = words(from: ms)
      line.text = line.words.map(\.text).joined()
      line.endMs = line.words.last?.endMs
      if format != .eslyric, format != .lys, chance(3) {
        line.endMs = (line.endMs ?? ms) + int(0...500)
      }
    }
    if (format == .krc || format == .ttml), chance(3) { line.translation = phrase() }
    if format == .lys {
      // Lyricify Syllable: two sides and timed background vocals.
      if chance(2) { line.agent = ["v1", "v2"][int(0...1)] }
      if chance(4) {
        let words = self.words(from: ms + int(0...300))
        line.background = LyricBackground(
          ms: words[0].ms, endMs: words.last?.endMs, text: words.map(\.text).joined(), words: words)
      }
    }
    if format == .ttml {
      if chance(3) { line.romanisation = phrase() }
      if chance(3) { line.agent = ["v1", "v2", "v1000"][int(0...2)] }
      if chance(4) {
        let words = self.words(from: ms + int(0...300))
        line.background = LyricBackground(
          ms: words[0].ms, endMs: words.last?.endMs, text: words.map(\.text).joined(), words: words)
      }
    }
    return line
  }

  /// Words from `start`, one after another (with gaps where the format has word ends), a
  /// space at the end of some (never of the last), syllables without.
  mutating func words(from start: Int) -> [LyricWord] {
    var words: [LyricWord] = []
    var ms = start
    let count = int(1...6)
    for index in 0..<count {
      var word = LyricWord(ms: ms, text: self.word())
      let duration = int(0...800)
      word.endMs = ms + duration
      if index < count - 1, chance(2) { word.text += " " }
      words.append(word)
      ms += duration + (chance(3) ? int(0...200) : 0)
    }
    if format == .eslyric, words.count > 1, chance(3) { words[words.count - 1].endMs = nil }
    return words
  }
}
