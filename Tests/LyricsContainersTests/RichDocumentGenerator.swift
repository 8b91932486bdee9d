import LyricsCore
import TestSupport

/// Seeded random documents with everything the model can hold, whatever the target format:
/// duets (two singers on one start, even with one text), background vocals with and without
/// words and with their own translation and romanisation, translations (some equal to their
/// line, some in the line's own script), romanisation, word timing, equal texts and equal starts,
/// credits, metadata and an offset. For the "keeps or warns" property of `convert`: writing one
/// in a format that cannot hold a part must say so (`LyricsFormat.losses(writing:)`).
///
/// The documents are shaped as a reader leaves them: texts trimmed, without line breaks or
/// digits (so no stamp forms by chance) and not opening with `[`; words normalised by
/// `WordTimingRule`; no time the file would spell below 0.
struct RichDocumentGenerator {
  var random: SeededGenerator

  init(seed: UInt64) { random = SeededGenerator(seed: seed &* 104_729 &+ 17) }

  static let latin = Array("abcxyzÉéßŒ")
  static let hanzi = Array("你好世界歌词")
  static let kana = Array("こんにちは")

  mutating func chance(_ oneIn: Int) -> Bool { Int.random(in: 0..<oneIn, using: &random) == 0 }

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

  mutating func word(from letters: [Character]) -> String {
    String((0..<int(1...5)).map { _ in letters[int(0...(letters.count - 1))] })
  }

  /// A phrase in one writing system, so that a translation can be told by its script.
  mutating func phrase(_ letters: [Character]) -> String {
    (0..<int(1...3)).map { _ in word(from: letters) }.joined(separator: " ")
  }

  mutating func script() -> [Character] {
    [Self.latin, Self.hanzi, Self.kana][int(0...2)]
  }

  mutating func document() -> Lyrics {
    var lyrics = Lyrics()
    if chance(2) { lyrics.metadata["ti"] = phrase(Self.latin) }
    if chance(2) { lyrics.metadata["ar"] = phrase(Self.latin) }
    if chance(4) { lyrics.metadata["custom"] = phrase(Self.latin) }
    if chance(3) {
      lyrics.offsetMs = int(-400...400)
      lyrics.metadata["offset"] = "\(lyrics.offsetMs)"
    }
    var ms = max(0, -lyrics.offsetMs) + int(0...2000)
    for _ in 0..<int(1...10) {
      let line = self.line(at: ms)
      lyrics.lines.append(line)
      if chance(4) {
        // Two singers starting together: the same words or others.
        var partner = chance(2) ? line : self.line(at: ms)
        partner.agent = line.agent == "v1" ? "v2" : "v1"
        if partner.agent == nil || chance(2) { partner.translation = nil }
        lyrics.lines.append(partner)
      }
      ms = (lyrics.lines.last?.endMs ?? ms) + int(1...3000)
    }
    if chance(3) {
      lyrics.credits.append(LyricCredit(ms: max(0, -lyrics.offsetMs) + int(0...900), text: "x"))
    }
    return lyrics
  }

  mutating func line(at ms: Int) -> LyricLine {
    let letters = script()
    var line = LyricLine(ms: ms, text: "")
    if chance(3) {
      line.text = phrase(letters)
      if chance(2) { line.endMs = ms + int(0...3000) }
    } else {
      line.words = words(from: ms, letters)
      line.text = line.words.map(\.text).joined()
      line.endMs = line.words.last?.endMs
    }
    if chance(3) {
      // A translation: mostly in another script, sometimes the line's own text or script.
      line.translation = chance(4) ? line.text : chance(3) ? phrase(letters) : phrase(Self.latin)
    }
    if chance(4) { line.romanisation = phrase(Self.latin) }
    if chance(3) { line.agent = ["v1", "v2", "v1000", "chorus"][int(0...3)] }
    if chance(4) {
      let bgStart = ms + int(0...300)
      var background = LyricBackground(ms: bgStart, text: "")
      if chance(2) {
        background.words = words(from: bgStart, letters)
        background.text = background.words.map(\.text).joined()
        background.endMs = background.words.last?.endMs
      } else {
        background.text = phrase(letters)
        background.endMs = bgStart + int(0...2000)
      }
      if chance(3) { background.translation = phrase(Self.latin) }
      if chance(3) { background.romanisation = phrase(Self.latin) }
      line.background = background
    }
    return line
  }

  /// Words from `start`, one after another, with a space after some (never the last).
  mutating func words(from start: Int, _ letters: [Character]) -> [LyricWord] {
    var words: [LyricWord] = []
    var ms = start
    let count = int(1...5)
    for index in 0..<count {
      var word = LyricWord(ms: ms, text: self.word(from: letters))
      let duration = int(1...800)
      word.endMs = ms + duration
      if index < count - 1, chance(2) { word.text += " " }
      words.append(word)
      ms += duration + (chance(3) ? int(0...200) : 0)
    }
    return words
  }
}
