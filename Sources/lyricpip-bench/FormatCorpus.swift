import LyricsContainers
import LyricsCore

/// Generated lyrics for the per-format throughput run: seeded, like real word-timed songs
/// (Latin and CJK words, some translations), written in one format up to a target size.
enum FormatCorpus {
  struct Random: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var value = state
      value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
      value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
      return value ^ (value >> 31)
    }
  }

  static let words = [
    "love", "night", "light", "heart", "you", "me", "dance", "forever", "rain", "fire",
    "我", "爱", "你", "月亮", "代表", "的", "心", "夜", "光", "梦",
  ]

  static func document(lines count: Int) -> Lyrics {
    var random = Random(state: 20_261_201)
    var lyrics = Lyrics(metadata: ["ti": "Benchmark", "ar": "lyricpip"])
    var ms = 0
    for index in 0..<count {
      ms += Int.random(in: 500...4000, using: &random)
      var words: [LyricWord] = []
      var wordMs = ms
      let wordCount = Int.random(in: 3...8, using: &random)
      for position in 0..<wordCount {
        let duration = Int.random(in: 100...600, using: &random)
        var text = words.isEmpty ? "" : ""
        text = Self.words[Int.random(in: 0..<Self.words.count, using: &random)]
        if position < wordCount - 1 { text += " " }
        words.append(LyricWord(ms: wordMs, text: text, endMs: wordMs + duration))
        wordMs += duration
      }
      var line = LyricLine(
        ms: ms, text: words.map(\.text).joined(), words: words, endMs: wordMs)
      if index % 5 == 0 { line.translation = "EN " + line.text.uppercased() }
      lyrics.lines.append(line)
      ms = wordMs
    }
    return lyrics
  }

  /// The document as `format` spells it (LRCX and lyricsfile, which lyricpip does not write,
  /// are spelt here for the benchmark alone).
  static func text(_ lyrics: Lyrics, format: String) -> [UInt8]? {
    switch format {
    case "krc-binary":
      return try? BinaryKRC.encode(KRCWriter.write(lyrics))
    case "lrcx":
      var output = "[ti:Benchmark]\n"
      for line in lyrics.lines {
        let stamp = "[\(LRCTimeFormat.string(line.ms))]"
        output += "\(stamp)\(line.text)\n\(stamp)[tt]"
        var offset = 0
        for word in line.words {
          output += "<\(word.ms - line.ms),\(offset)>"
          offset += word.text.utf16.count
        }
        output += "<\(line.lastMs - line.ms),\(offset)>\n"
        if let translation = line.translation { output += "\(stamp)[tr:en]\(translation)\n" }
      }
      return Array(output.utf8)
    case "lyricsfile":
      var output = "version: '1.0'\nmetadata:\n  title: Benchmark\nlines:\n"
      for line in lyrics.lines {
        output += "  - text: '\(line.text)'\n    start_ms: \(line.ms)\n    end_ms: \(line.lastMs)\n"
        output += "    words:\n"
        for word in line.words {
          output +=
            "      - {text: '\(word.text)', start_ms: \(word.ms), end_ms: \(word.endMs ?? word.ms)}\n"
        }
      }
      return Array(output.utf8)
    default:
      guard let known = LyricsFormat(rawValue: format),
        let written = LyricsDocumentWriter.write(lyrics, as: known)
      else { return nil }
      return Array(written.text.utf8)
    }
  }

  /// About `bytes` bytes of `format`.
  static func generate(format: String, bytes target: Int) -> [UInt8]? {
    // Binary KRC is sized by the text it holds (a compressed size would inflate past the cap).
    let sizing = format == "krc-binary" ? "krc" : format
    guard let sample = text(document(lines: 1000), format: sizing) else { return nil }
    let lines = max(1, target * 1000 / max(1, sample.count))
    return text(document(lines: lines), format: format)
  }
}
