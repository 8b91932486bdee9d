/// What kind of character a scalar is, as far as telling encodings apart needs: the scripts
/// lyrics are written in, the punctuation around them, and the characters a wrong decoding
/// produces (controls, private use, stray symbols).
enum CharacterClass: Equatable {
  case asciiLetter
  /// Digits, punctuation, space, tab and line ends: the same bytes in every candidate but the
  /// UTF-16/32 ones.
  case asciiOther
  /// C0 and C1 controls other than tab and line ends, and DEL.
  case control
  /// U+FFFD: a byte the candidate could not decode.
  case replacement
  case privateUse
  /// The letters of Latin-1 Supplement and Latin Extended-A/B (`é`, `ñ`, `ß`, `ő`).
  case latinLetter
  /// The Latin-1 punctuation Western lyrics use: `¡ ¿ « » °` and the no-break space.
  case westernPunctuation
  /// The rest of U+00A1–U+00BF (`¤ ¦ ¶ ±`…) and `× ÷`.
  case latinSymbol
  /// General Punctuation (curly quotes, dashes, `…`) and the euro sign.
  case generalPunctuation
  /// Hiragana, katakana and the prolonged sound mark.
  case kana
  case halfwidthKana
  /// CJK punctuation (`、。「」`) and the fullwidth forms (`，！？`).
  case cjkPunctuation
  case hangul
  /// The CJK Unified Ideographs block.
  case han
  /// Anything else (Greek, Cyrillic, box drawing, rare CJK extensions, …).
  case other

  init(_ scalar: Unicode.Scalar) {
    let value = scalar.value
    switch value {
    case 0x41...0x5A, 0x61...0x7A: self = .asciiLetter
    case 0x09, 0x0A, 0x0D, 0x20...0x7E: self = .asciiOther
    case 0x00...0x1F, 0x7F...0x9F: self = .control
    case 0xA0, 0xA1, 0xAB, 0xB0, 0xBB, 0xBF: self = .westernPunctuation
    case 0xD7, 0xF7, 0xA2...0xBE: self = .latinSymbol
    case 0xC0...0x24F: self = .latinLetter
    case 0x2010...0x206F, 0x20AC: self = .generalPunctuation
    case 0x3040...0x30FF: self = .kana
    case 0x3000...0x303F, 0xFF01...0xFF60: self = .cjkPunctuation
    case 0xFF61...0xFF9F: self = .halfwidthKana
    case 0xAC00...0xD7A3: self = .hangul
    case 0x4E00...0x9FFF: self = .han
    case 0xE000...0xF8FF: self = .privateUse
    case 0xFFFD: self = .replacement
    default: self = .other
    }
  }

  /// Kana, hangul or han: the scripts of the East Asian candidates.
  var isEastAsian: Bool { self == .kana || self == .hangul || self == .han }

  /// ASCII other than letters, or Latin letters: what surrounds a Western accented letter.
  var isWestern: Bool {
    self == .asciiLetter || self == .asciiOther || self == .latinLetter
  }
}
