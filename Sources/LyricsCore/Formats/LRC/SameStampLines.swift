/// What two LRC lines on one stamp are. Bilingual exports write a lyric and its translation on
/// the same stamp; but so do files with two voices or background vocals that start together,
/// and files that blank the display just before a line. "Same time, different text" alone made
/// a French background line the translation of a Chinese line, and a lyric the translation of
/// an empty line (the strip then showed nothing).
///
/// A second line is a translation only when that is plausible: both lines have letters, their
/// writing systems differ (`WritingSystem`: Chinese and English, Japanese and Chinese, Korean
/// and English…), and the second is not wholly in parentheses, the way background vocals are
/// written (`(la lumière au loin)` under a Chinese line is sung, not a translation). Plain LRC
/// declares nothing more; the formats that do declare translations (LRCX `[tr:]`, KRC
/// `[language:]`, TTML `x-translation`) keep theirs whatever the script. Other lines on one
/// stamp are lines that start together (two voices), each kept.
package enum SameStampLines {
  /// Whether `candidate`, on the stamp of `lyric`, is read as its translation.
  package static func isTranslation(_ candidate: String, of lyric: String) -> Bool {
    guard !isParenthesised(candidate), let lyricSystem = WritingSystem.dominant(in: lyric),
      let candidateSystem = WritingSystem.dominant(in: candidate)
    else { return false }
    return lyricSystem != candidateSystem
  }

  /// `(…)` or full-width `（…）` around the whole text (it is trimmed already).
  static func isParenthesised(_ text: String) -> Bool {
    guard let first = text.first, let last = text.last, text.count > 1 else { return false }
    return (first == "(" || first == "（") && (last == ")" || last == "）")
  }
}

/// The writing system most of a text's letters belong to; enough to tell a lyric from its
/// translation, not a language detector. Hand-written ranges (not ICU's script property, which
/// FoundationEssentials does not offer) over the scripts lyrics come in.
package enum WritingSystem: Int, CaseIterable, Equatable, Sendable {
  case latin, cyrillic, greek, han, japanese, korean, arabic, hebrew, thai, devanagari, other

  /// Nil for a text without letters (`♪`, `...`, an empty line), or with as many of one
  /// system's as another's (no system is the text's). Any kana makes a text Japanese (it mixes
  /// kana and kanji), any hangul Korean; otherwise the system with the most letters wins, a CJK
  /// character counting as three (it is a word, where a Latin letter is a fifth of one), so
  /// `Baby 你好` is Chinese.
  package static func dominant(in text: String) -> WritingSystem? {
    var weights = [Int](repeating: 0, count: allCases.count)
    for scalar in text.unicodeScalars {
      guard let system = of(scalar) else { continue }
      if system == .japanese || system == .korean { return system }
      weights[system.rawValue] += system == .han ? 3 : 1
    }
    guard let most = weights.max(), most > 0, weights.count(where: { $0 == most }) == 1,
      let index = weights.firstIndex(of: most)
    else { return nil }
    return WritingSystem(rawValue: index)
  }

  /// The system of one letter; nil for what is not a letter of a lyric's script (digits,
  /// punctuation, symbols, spaces).
  static func of(_ scalar: Unicode.Scalar) -> WritingSystem? {
    let value = scalar.value
    switch value {
    case 0x41...0x5A, 0x61...0x7A: return .latin
    case 0x80..<0x370:
      return scalar.properties.isAlphabetic ? .latin : nil  // Latin-1 to IPA; not × or ÷
    case 0x370...0x3FF, 0x1F00...0x1FFF: return .greek
    case 0x400...0x52F: return .cyrillic
    case 0x590...0x5FF: return .hebrew
    case 0x600...0x6FF, 0x750...0x77F: return .arabic
    case 0x900...0x97F: return .devanagari
    case 0xE00...0xE7F: return .thai
    case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return .korean
    case 0x1E00...0x1EFF: return .latin
    case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9D: return .japanese
    case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF: return .han
    case 0xFF21...0xFF3A, 0xFF41...0xFF5A: return .latin  // full-width letters
    default: return scalar.properties.isAlphabetic ? .other : nil
    }
  }
}
