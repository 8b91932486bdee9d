import LyricsCore

/// Reads LRCLIB's lyricsfile (YAML, through libyaml): `version`, `metadata` (`title`,
/// `artist`, `album`, `duration_ms`, `offset_ms`, `language`, `instrumental`), and `lines`,
/// each with `text`, `start_ms`, an optional `end_ms` and optional `words` (`text`,
/// `start_ms`, `end_ms`), all integers in milliseconds. Word texts carry their trailing
/// spaces. `offset_ms` works as LRC's `[offset:]`.
public enum LyricsfileParser {
  static let metadataKeys = ["title": "ti", "artist": "ar", "album": "al"]

  public static func parse(_ bytes: [UInt8]) throws(LyricsContainerError) -> LRCParseResult {
    try parse(document: YAMLCalls.load(bytes))
  }

  static func parse(document: YAMLValue) throws(LyricsContainerError) -> LRCParseResult {
    guard case .mapping = document, document["lines"] != nil || document["metadata"] != nil
    else {
      throw .notTheFormat(format: "lyricsfile", reason: "no 'lines' or 'metadata' mapping")
    }
    var builder = LyricsBuilder()
    if case .mapping(let pairs) = document["metadata"] {
      for (key, value) in pairs {
        guard let text = value.string, !text.isEmpty else { continue }
        if key == "offset_ms" {
          builder.setTag(key: "offset", value: text, line: 0)
        } else {
          builder.metadata[metadataKeys[key] ?? key] = text
        }
      }
    }
    for (index, item) in (document["lines"]?.items ?? []).enumerated() {
      guard let start = item["start_ms"]?.int else {
        builder.warning(line: 0, "line \(index + 1) has no integer start_ms; skipped")
        continue
      }
      var line = LyricLine(ms: start, text: item["text"]?.string ?? "", endMs: item["end_ms"]?.int)
      for word in item["words"]?.items ?? [] {
        guard let wordStart = word["start_ms"]?.int else {
          builder.warning(line: 0, "a word of line \(index + 1) has no integer start_ms; skipped")
          continue
        }
        line.words.append(
          LyricWord(ms: wordStart, text: word["text"]?.string ?? "", endMs: word["end_ms"]?.int))
      }
      if !line.words.isEmpty {
        let joined = line.words.map(\.text).joined()
        if joined != line.text {
          if line.text.isEmpty {
            line.text = joined
          } else {
            builder.warning(
              line: 0, "line \(index + 1): its words do not spell its text; the words win")
            line.text = joined
          }
        }
      }
      builder.append(line, sourceLine: 0)
    }
    return builder.finish()
  }
}
