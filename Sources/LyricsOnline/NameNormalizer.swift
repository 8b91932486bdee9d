import LyricsCore
@_spi(_Unicode) import Swift

/// Titles, artists and albums reduced to what two spellings of one song share: case, accents,
/// punctuation, "feat." credits, multi-artist separators and bracketed edition notes
/// ("(Remastered 2011)") do not count. Pure; used by the ranking and the cache key.
public enum NameNormalizer {
  /// Lower case, accents removed (canonical decomposition, combining marks dropped: the
  /// standard library's own Unicode tables), apostrophes removed, `&` read as "and", any other
  /// character that is not a letter or a digit read as a space, spaces collapsed.
  public static func normalized(_ text: String) -> String {
    var result = ""
    var pendingSpace = false
    for scalar in folded(text) {
      if scalar == "'" || scalar == "\u{2019}" || scalar == "`" { continue }
      if scalar == "&" {
        append("and", to: &result, pendingSpace: &pendingSpace)
        continue
      }
      if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
        if pendingSpace && !result.isEmpty { result.append(" ") }
        pendingSpace = false
        result.unicodeScalars.append(scalar)
      } else {
        pendingSpace = true
      }
    }
    return result
  }

  /// A title's core (for comparing) and the versions it names (for the penalty). Bracketed
  /// parts — `(…)`, `[…]`, `{…}` — and a trailing " - Remastered 2011"-like part are not the
  /// core; nor is a trailing "feat. X". The vocabulary says which version words count: LRCLIB's
  /// ranking and the cache key keep `.basic`, so their results and keys stay as they were.
  public static func title(_ text: String, vocabulary: VersionVocabulary = .basic) -> TitleParts {
    let (core, notes) = split(text, vocabulary: vocabulary)
    var coreWords = normalized(core).split(separator: " ").map(String.init)
    if let credit = coreWords.firstIndex(where: { creditWords.contains($0) }), credit > 0 {
      coreWords.removeSubrange(credit...)
    }
    var tags = Set<VersionTag>()
    for part in notes {
      tags.formUnion(VersionTag.named(in: normalized(part), vocabulary: vocabulary, inNote: true))
    }
    tags.formUnion(VersionTag.named(in: normalized(core), vocabulary: vocabulary, inNote: false))
    return TitleParts(core: coreWords.joined(separator: " "), versions: tags)
  }

  /// The title to search with: as written, without brackets, edition notes and a trailing
  /// credit (a search matches every word it is given, and "Remastered" is in no record's name).
  public static func searchTitle(_ text: String) -> String {
    var words: [Substring] = []
    for word in split(text).core.split(separator: " ") {
      if creditWords.contains(normalized(String(word))), !words.isEmpty { break }
      words.append(word)
    }
    return words.joined(separator: " ")
  }

  /// The artist to search with: the first one a credit names, as written.
  public static func searchArtist(_ text: String) -> String {
    var words: [Substring] = []
    for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
      let lowered = word.lowercased()
      if artistSeparators.contains(lowered)
        || lowered.allSatisfy({ separatorCharacters.contains($0) })
      {
        if words.isEmpty { continue }
        break
      }
      if let cut = word.firstIndex(where: { separatorCharacters.contains($0) }) {
        if cut > word.startIndex { words.append(word[..<cut]) }
        if !words.isEmpty { break }
        continue
      }
      words.append(word)
    }
    return words.joined(separator: " ")
  }

  /// A title's text outside brackets (and before a " - Remastered"-like tail), and the notes
  /// it holds inside them.
  static func split(_ text: String, vocabulary: VersionVocabulary = .basic) -> (
    core: String, notes: [String]
  ) {
    var core = ""
    var notes: [String] = []
    var note = ""
    var depth = 0
    for character in text {
      switch character {
      case "(", "[", "{", "（", "【":
        depth += 1
        if depth == 1 { note = "" } else { note.append(character) }
      case ")", "]", "}", "）", "】":
        if depth == 0 { continue }
        depth -= 1
        if depth == 0 { notes.append(note) } else { note.append(character) }
      default:
        if depth > 0 { note.append(character) } else { core.append(character) }
      }
    }
    if depth > 0 { notes.append(note) }
    if let dash = core.firstRange(of: " - ") {
      let tail = String(core[dash.upperBound...])
      if VersionTag.isEditionNote(normalized(tail), vocabulary: vocabulary) {
        notes.append(tail)
        core = String(core[..<dash.lowerBound])
      }
    }
    return (core.trimmingSpacesAndTabs(), notes)
  }

  /// The separate artists a credit names: "A feat. B", "A ft. B", "A / B", "A & B", "A, B",
  /// "A x B", "A vs. B", "A with B", "A + B" and brackets all separate. Each is normalised.
  public static func artists(_ text: String) -> Set<String> {
    var spaced = ""
    for scalar in folded(text) {
      if separatorCharacters.contains(Character(scalar)) {
        spaced.append(" | ")
      } else {
        spaced.unicodeScalars.append(scalar)
      }
    }
    var names: Set<String> = []
    var current: [String] = []
    func finish() {
      let name = normalized(current.joined(separator: " "))
      if !name.isEmpty { names.insert(name) }
      current = []
    }
    for word in spaced.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
      let lowered = String(word)
      if word == "|" || artistSeparators.contains(lowered) {
        finish()
      } else {
        current.append(lowered)
      }
    }
    finish()
    return names
  }

  /// An album's core: normalised, bracketed edition notes ("(Deluxe Edition)") left out.
  public static func album(_ text: String) -> String {
    title(text).core
  }

  /// Words that start a credit inside a title ("Song feat. X").
  static let creditWords: Set<String> = ["feat", "ft", "featuring"]

  /// Characters that separate two artists wherever they stand.
  static let separatorCharacters: Set<Character> = [
    "/", "&", ",", ";", "+", "(", ")", "[", "]", "、", "，", "＆",
  ]

  /// Words (already lower case) that separate two artists in a credit.
  static let artistSeparators: Set<String> = [
    "feat", "feat.", "ft", "ft.", "featuring", "x", "vs", "vs.", "with", "and",
  ]

  /// Lower case with accents removed.
  static func folded(_ text: String) -> String.UnicodeScalarView {
    var result = String.UnicodeScalarView()
    for scalar in text.lowercased()._nfd
    where scalar.properties.canonicalCombiningClass == .notReordered
      && scalar.properties.generalCategory != .nonspacingMark
    {
      result.append(scalar)
    }
    return result
  }

  private static func append(_ word: String, to result: inout String, pendingSpace: inout Bool) {
    if !result.isEmpty { result.append(" ") }
    result.append(word)
    pendingSpace = true
  }
}

/// A title split for comparing.
public struct TitleParts: Sendable, Equatable {
  /// The normalised title without brackets, edition notes and credits.
  public var core: String
  /// The versions the whole title names (in brackets or not).
  public var versions: Set<VersionTag>
}

/// A version of a song that has different words or none, or different timing: a record for one
/// is a poor match for the other.
public enum VersionTag: String, Sendable, Hashable, CaseIterable {
  case live, remix, instrumental
  /// Only in the `.extended` vocabulary.
  case cover, acoustic

  /// The tags whose word (or a plural, "remixed") appears in a normalised text. With the
  /// `.extended` vocabulary, a note (a bracketed part or a " - …" tail) is also searched for
  /// the CJK spellings, which have no spaces around them ("翻唱版").
  static func named(
    in normalized: String, vocabulary: VersionVocabulary = .basic, inNote: Bool = false
  ) -> Set<VersionTag> {
    var tags = Set<VersionTag>()
    for word in normalized.split(separator: " ") {
      switch word {
      case "live": tags.insert(.live)
      case "remix", "remixed", "remixes": tags.insert(.remix)
      case "instrumental", "karaoke", "inst": tags.insert(.instrumental)
      default:
        guard vocabulary == .extended else { break }
        // "Live版": a CJK suffix glued to the English word.
        let bare = word.hasSuffix("版") ? word.dropLast() : word
        if let tag = extendedWords[String(bare)] { tags.insert(tag) }
      }
    }
    if vocabulary == .extended && inNote {
      for (marker, tag) in cjkMarkers where normalized.contains(marker) { tags.insert(tag) }
    }
    return tags
  }

  /// Whether a " - …" tail of a title is an edition note rather than part of the name.
  static func isEditionNote(_ normalized: String, vocabulary: VersionVocabulary = .basic) -> Bool {
    let words = Set(normalized.split(separator: " ").map(String.init))
    return !words.isDisjoint(with: editionWords)
      || !named(in: normalized, vocabulary: vocabulary, inNote: true).isEmpty
  }

  /// Whole words of the `.extended` vocabulary beyond the basic three: English, and the
  /// Japanese and Korean loanwords, which stand as words of their own. Kept as `normalized`
  /// writes them (it drops the kana's voicing marks: "カバー" is read as "カハー").
  private static let extendedWords: [String: VersionTag] = Dictionary(
    extendedSpellings.map { (NameNormalizer.normalized($0.key), $0.value) },
    uniquingKeysWith: { first, _ in first })

  private static let extendedSpellings: [String: VersionTag] = [
    "live": .live, "remix": .remix, "instrumental": .instrumental, "inst": .instrumental,
    "cover": .cover, "covered": .cover, "acoustic": .acoustic, "unplugged": .acoustic,
    "ライブ": .live, "リミックス": .remix, "カバー": .cover, "アコースティック": .acoustic,
    "라이브": .live, "리믹스": .remix, "커버": .cover, "어쿠스틱": .acoustic,
  ]

  /// Chinese spellings searched inside a note, Simplified and Traditional: 现场 (live),
  /// 伴奏 (accompaniment) and 纯音乐 (pure music), 翻唱 and 翻自 (covered, covered from),
  /// 混音 (remix), 不插电 (unplugged).
  private static let cjkMarkers: [(String, VersionTag)] = [(String, VersionTag)]([
    ("现场", .live), ("現場", .live), ("伴奏", .instrumental), ("纯音乐", .instrumental),
    ("純音樂", .instrumental), ("翻唱", .cover), ("翻自", .cover), ("混音", .remix),
    ("不插电", .acoustic), ("不插電", .acoustic),
  ]).map { (NameNormalizer.normalized($0.0), $0.1) }

  private static let editionWords: Set<String> = [
    "remaster", "remastered", "version", "edit", "mono", "stereo", "mix", "demo", "single",
    "acoustic", "deluxe", "bonus", "radio",
  ]
}

/// Which version words a title's reading recognises.
public enum VersionVocabulary: Sendable, Equatable {
  /// Live, Remix and Instrumental, in English: LRCLIB's ranking and the cache key.
  case basic
  /// Also Cover and Acoustic, and the Chinese, Japanese and Korean spellings: the ranking
  /// across providers, whose titles often carry them.
  case extended
}
