/// Writes a `Lyrics` as canonical LRC: ID tags (well-known ones first), the offset, then one
/// line per lyric with `[mm:ss.xx]` stamps, enhanced `<mm:ss.xx>` word stamps, and a
/// translation as a second line with the same stamp (as bilingual exports do).
///
/// Stamps are written as in the file (effective time + offset), so reading the output back with
/// `LRCParser` gives the same document. That holds for every document the parser can produce:
/// keys of letters only, values without `]` or line breaks, texts trimmed without line breaks,
/// not opening with a tag-like `[…]` and without `<m:ss>` stamps in plain text, words that join
/// to the text, and lines with equal times only as a translated line followed by another line.
///
/// Library API of the LyricsCore product (for tools that export lyrics); the player writes into
/// a user's file only through `LRCOffsetEdit`, which keeps every other byte.
public enum LRCWriter {
  /// ID tags written first, in this order; others follow sorted by key, `offset` last.
  static let wellKnownKeys = ["ti", "ar", "al", "au", "by", "re", "ve", "length"]

  public static func write(_ lyrics: Lyrics) -> String {
    var output = ""
    let keys =
      wellKnownKeys.filter { lyrics.metadata[$0] != nil }
      + lyrics.metadata.keys.filter { !wellKnownKeys.contains($0) && $0 != "offset" }.sorted()
    for key in keys where isValidKey(key) {
      output += "[\(key):\(clean(lyrics.metadata[key] ?? ""))]\n"
    }
    if let written = lyrics.metadata["offset"],
      (LRCParseState.offsetValue(written) ?? 0) == lyrics.offsetMs
    {
      output += "[offset:\(clean(written))]\n"
    } else if lyrics.offsetMs != 0 || lyrics.metadata["offset"] != nil {
      output += "[offset:\(lyrics.offsetMs > 0 ? "+" : "")\(lyrics.offsetMs)]\n"
    }
    for line in lyrics.lines {
      let stamp = "[\(LRCTimeFormat.string(line.ms + lyrics.offsetMs))]"
      output += stamp
      if line.words.isEmpty {
        output += clean(line.text)
      } else {
        // A2's voice prefix; `LRCParser` reads it only before word stamps.
        if let agent = line.agent, A2Voices.isAgentName(agent) { output += "\(agent): " }
        for word in line.words {
          output += "<\(LRCTimeFormat.string(word.ms + lyrics.offsetMs))>\(clean(word.text))"
        }
        if let endMs = line.endMs {
          output += "<\(LRCTimeFormat.string(endMs + lyrics.offsetMs))>"
        }
      }
      output += "\n"
      // Right after its line, before the translation: it belongs to the line read last.
      if let background = line.background, !background.words.isEmpty {
        output += "[bg: "
        for word in background.words {
          output += "<\(LRCTimeFormat.string(word.ms + lyrics.offsetMs))>"
          output += clean(word.text).replacing("]", with: ")")
        }
        if let endMs = background.endMs {
          output += "<\(LRCTimeFormat.string(endMs + lyrics.offsetMs))>"
        }
        output += "]\n"
      }
      if let translation = line.translation {
        output += "\(stamp)\(clean(translation))\n"
      }
    }
    return output
  }

  private static func isValidKey(_ key: String) -> Bool {
    !key.isEmpty && key.utf8.allSatisfy(ASCII.isLetter)
  }

  /// A line break would split the line; for a tag value, `]` would end the tag early.
  private static func clean(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return text }
    return String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
  }
}
