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
    let scalars = text.unicodeScalars
    guard let first = scalars.first, let last = scalars.last,
      scalars.index(after: scalars.startIndex) < scalars.endIndex
    else { return false }
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
    // One lane per system, on the stack: this runs for every pair of lines on a stamp, and an
    // array per call was a heap allocation each time.
    var weights = SIMD16<Int32>()
    var text = text
    let decided: WritingSystem?? = text.withUTF8 { bytes in
      // The scalars decoded here from the (valid) UTF-8: `unicodeScalars` took a tenth of the
      // parse of a file with many translated lines.
      var index = 0
      while index < bytes.count {
        let lead = bytes[index]
        if lead < 0x80 {  // ASCII: a Latin letter or nothing, without the tables
          let lower = lead | 0x20
          if lower >= 0x61 && lower <= 0x7A { weights[WritingSystem.latin.rawValue] &+= 1 }
          index += 1
          continue
        }
        var value = UInt32(lead)
        var length = 1
        if lead >= 0xF0 {
          value &= 0x07
          length = 4
        } else if lead >= 0xE0 {
          value &= 0x0F
          length = 3
        } else if lead >= 0xC0 {
          value &= 0x1F
          length = 2
        }
        for offset in 1..<max(length, 1) where index + offset < bytes.count {
          value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        index += length
        guard let scalar = Unicode.Scalar(value), let system = of(scalar) else { continue }
        if system == .japanese || system == .korean { return system }
        weights[system.rawValue] &+= system == .han ? 3 : 1
      }
      return nil
    }
    if let decided { return decided }
    let most = weights.max()
    guard most > 0 else { return nil }
    var found: WritingSystem?
    for system in allCases where weights[system.rawValue] == most {
      guard found == nil else { return nil }  // a tie: no system is the text's
      found = system
    }
    return found
  }

  /// The system of one letter; nil for what is not a letter of a lyric's script (digits,
  /// punctuation, symbols, spaces).
  static func of(_ scalar: Unicode.Scalar) -> WritingSystem? {
    let value = scalar.value
    if value < 0x80 {
      // ASCII, most of what is read: no look-up in the Unicode tables.
      return (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) ? .latin : nil
    }
    switch value {
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
