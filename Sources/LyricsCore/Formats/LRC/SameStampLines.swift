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

  /// `(…)` or full-width `（…）` (U+FF08, U+FF09: `EF BC 88`, `EF BC 89` in UTF-8) around the
  /// whole text (it is trimmed already). Read from the UTF-8 bytes: the scalar view cost more
  /// than the test is worth on the pairing path. An opening and a closing mark are two
  /// different scalars, so a text that starts with one and ends with the other has at least two.
  static func isParenthesised(_ text: String) -> Bool {
    let utf8 = text.utf8
    // The first byte first: nearly every text on the pairing path starts with neither mark.
    guard let first = utf8.first, first == UInt8(ascii: "(") || first == 0xEF,
      let last = utf8.last, last == UInt8(ascii: ")") || last == 0x89
    else { return false }
    let opens = first == UInt8(ascii: "(") || utf8.starts(with: fullWidthOpen)
    let closes = last == UInt8(ascii: ")") || utf8.reversed().starts(with: fullWidthCloseReversed)
    return opens && closes
  }

  private static let fullWidthOpen: [UInt8] = [0xEF, 0xBC, 0x88]
  private static let fullWidthCloseReversed: [UInt8] = [0x89, 0xBC, 0xEF]
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
    // The string's own bytes where it has them (a native string always does), so the text is
    // not copied (retained and released) for `withUTF8`.
    if let counted = text.utf8.withContiguousStorageIfAvailable(LetterCounts.init) {
      return counted.dominant
    }
    var text = text
    return text.withUTF8(LetterCounts.init).dominant
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

/// The letters of a text counted by writing system, for `WritingSystem.dominant(in:)`. This runs
/// on both lines of every pair of lines on one stamp (a sixth of the lines of a bilingual file),
/// so it is written for the usual text, Latin and Chinese: those two are counted in registers
/// with the CJK block tested before any table, and only other scalars go through
/// `WritingSystem.of` and into the lanes of the rest (callgrind on scripts/bench-parse's file:
/// 1,000 instructions per text when every scalar went through `of`, 400 now).
private struct LetterCounts {
  var latin = 0
  /// CJK Unified Ideographs (U+4E00–U+9FFF), the usual han; the rest of han is in `rest`.
  var commonHan = 0
  /// The other systems' counts (han already weighted), by raw value.
  var rest = SIMD16<Int32>()
  /// Japanese or Korean, which decide at their first letter.
  var decided: WritingSystem?

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    // A String's bytes are valid UTF-8, so a lead byte tells the length and the bytes after it
    // are there.
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {  // ASCII: a Latin letter or nothing, without the tables
        // Lower case by setting 0x20; then a letter is `a` plus 0 to 25, counted without a branch.
        latin &+= (lead | 0x20) &- 0x61 < 26 ? 1 : 0
        index &+= 1
        continue
      }
      let value: UInt32
      if lead >= 0xF0 {
        value =
          (UInt32(lead & 0x07) << 18) | (UInt32(bytes[index + 1] & 0x3F) << 12)
          | (UInt32(bytes[index + 2] & 0x3F) << 6) | UInt32(bytes[index + 3] & 0x3F)
        index &+= 4
      } else if lead >= 0xE0 {
        value =
          (UInt32(lead & 0x0F) << 12) | (UInt32(bytes[index + 1] & 0x3F) << 6)
          | UInt32(bytes[index + 2] & 0x3F)
        index &+= 3
        if value >= 0x4E00 && value <= 0x9FFF {
          commonHan &+= 1
          continue
        }
      } else {
        value = (UInt32(lead & 0x1F) << 6) | UInt32(bytes[index + 1] & 0x3F)
        index &+= 2
      }
      guard let scalar = Unicode.Scalar(value), let system = WritingSystem.of(scalar) else {
        continue
      }
      if system == .japanese || system == .korean {
        decided = system
        return
      }
      rest[system.rawValue] &+= system == .han ? 3 : 1
    }
  }

  /// The system with the most weight; nil when there are no letters or two systems tie.
  var dominant: WritingSystem? {
    if let decided { return decided }
    // Only Latin and the common han, as in nearly every text here: no lanes to search.
    if rest == SIMD16() {
      let han = commonHan &* 3
      if latin == han { return nil }  // no letters, or a tie
      return latin > han ? .latin : .han
    }
    var weights = rest
    weights[WritingSystem.latin.rawValue] &+= Int32(truncatingIfNeeded: latin)
    weights[WritingSystem.han.rawValue] &+= Int32(truncatingIfNeeded: commonHan &* 3)
    let most = weights.max()
    guard most > 0 else { return nil }
    var found: WritingSystem?
    // By raw value, not `allCases`, which builds an array on every call.
    for raw in 0...WritingSystem.other.rawValue where weights[raw] == most {
      guard found == nil else { return nil }  // a tie: no system is the text's
      found = WritingSystem(rawValue: raw)
    }
    return found
  }
}
