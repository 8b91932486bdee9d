/// How much a decoded text reads like lyrics: the higher, the likelier the encoding that made
/// it is the file's. `TextDecoder` decodes a file that is not UTF with every candidate and keeps
/// the best score.
///
/// Each character adds a weight by its class and its neighbours. The weights are small integers
/// set against one another, tuned on lyrics in the candidates' languages (each line alone and
/// whole files): what matters is their order, not their size.
package enum EncodingScorer {
  /// The score of `utf8` (valid UTF-8, as the transcoder returns it). `kanaIsNative`: the
  /// candidate is an encoding made for Japanese (or Unicode).
  package static func score(_ utf8: [UInt8], kanaIsNative: Bool) -> Int {
    var total = 0
    var previous = CharacterClass.asciiOther
    var current: (class: CharacterClass, scalar: Unicode.Scalar)?
    for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
      let next = CharacterClass(scalar)
      if let current {
        total += weight(current, previous: previous, next: next, kanaIsNative: kanaIsNative)
        previous = current.class
      }
      current = (next, scalar)
    }
    if let current {
      total += weight(current, previous: previous, next: .asciiOther, kanaIsNative: kanaIsNative)
    }
    return total
  }

  /// What UTF-8's reading earns besides its score: 5 for each character beyond ASCII it
  /// decoded. Such a character came from a lead byte followed by exactly the continuation bytes
  /// it asks for, which text in the legacy encodings seldom does by chance (and when it does,
  /// its other bytes give U+FFFD at -20 each). So a UTF-8 file with a damaged byte stays UTF-8
  /// (that byte replaced) instead of turning whole into windows-1252 mojibake.
  package static func utf8Evidence(_ utf8: [UInt8]) -> Int {
    var characters = 0
    for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars
    where scalar.value > 0x7F && scalar != "\u{FFFD}" {
      characters += 1
    }
    return characters * 5
  }

  static func weight(
    _ character: (class: CharacterClass, scalar: Unicode.Scalar), previous: CharacterClass,
    next: CharacterClass, kanaIsNative: Bool
  ) -> Int {
    let besideLetter = previous == .asciiLetter || next == .asciiLetter
    let besideASCII = besideLetter || previous == .asciiOther || next == .asciiOther
    switch character.class {
    case .asciiLetter, .asciiOther:
      // The same in every byte-oriented candidate, so they tell nothing.
      return 0
    case .replacement, .control:
      // A byte the candidate cannot decode, or a control character no lyrics file holds
      // (what ISO-8859-1 made of windows-1252's quotes): close to proof of a wrong candidate,
      // yet one stray byte must not outweigh a whole file read well.
      return -20
    case .privateUse:
      // Big5 and GB18030 map their unassigned pairs here: never lyrics.
      return -10
    case .latinLetter:
      // In Western text an accented letter sits inside a word; read from East Asian bytes,
      // the same range comes in runs mixed with symbols (`ÎÒ°®Äã`).
      if besideLetter { return 2 }
      if previous.isWestern, next.isWestern { return 0 }
      return -2
    case .westernPunctuation:
      return besideASCII ? 0 : -2
    case .latinSymbol:
      // `¤ ¦ ¶ ±` and the like: half of what East Asian bytes read as windows-1252 give.
      return -2
    case .generalPunctuation:
      // Curly quotes, `…` and dashes next to plain text: windows-1252 read right. Next to other
      // characters they say nothing (East Asian text uses them too).
      return besideASCII ? 1 : 0
    case .cjkPunctuation:
      return 1
    case .halfwidthKana:
      // Shift_JIS's one-byte katakana: rare in lyrics, but what EUC bytes read as Shift_JIS are.
      return -1
    case .other:
      return -2
    case .kana, .hangul, .han:
      return eastAsianWeight(character, previous: previous, next: next, kanaIsNative: kanaIsNative)
    }
  }

  static func eastAsianWeight(
    _ character: (class: CharacterClass, scalar: Unicode.Scalar), previous: CharacterClass,
    next: CharacterClass, kanaIsNative: Bool
  ) -> Int {
    var weight: Int
    switch character.class {
    case .kana:
      // Kana are Japanese, and Japanese files come in Shift_JIS or EUC-JP. GB2312 has kana
      // in the same rows as EUC-JP, so without this a line of kana would read the same both
      // ways.
      weight = kanaIsNative ? 3 : 1
    case .hangul:
      // A wrong reading as EUC-KR still lands on real syllables: only frequent ones count
      // fully, and hangul does not mix with han or kana inside a word.
      weight = CommonCharacters.all.contains(character.scalar) ? 3 : 1
      if previous == .han || previous == .kana || next == .han || next == .kana { weight -= 3 }
    default:
      // A wrong East Asian reading spreads over thousands of ideographs, most of them rare.
      weight = CommonCharacters.all.contains(character.scalar) ? 3 : 0
      // EUC-JP's kanji rows are GB2312's hanzi rows: next to kana, Japanese kanji tell which.
      if previous == .kana || next == .kana, CommonCharacters.kanji.contains(character.scalar) {
        weight += 2
      }
    }
    // East Asian text touches Latin letters only where a word of English starts or ends; an
    // accented letter and the letter after it, read as one ideograph, sit inside a word.
    if previous == .asciiLetter || next == .asciiLetter { weight -= 3 }
    return weight
  }
}
