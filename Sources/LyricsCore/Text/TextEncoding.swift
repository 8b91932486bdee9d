/// The encoding a lyrics file's bytes were read in: one the decoder recognises by itself, or one
/// the user named (`--encoding`), which is handed to the transcoder as written.
public enum TextEncoding: Hashable, Sendable, CustomStringConvertible {
  case utf8, utf16LE, utf16BE, utf32LE, utf32BE
  case gb18030, big5, shiftJIS, eucJP, eucKR, windows1252
  /// Named by the user; the transcoder decides whether it knows it.
  case named(String)

  /// The name shown to the user (`check`, diagnostics): `UTF-8`, `Big5`, `Shift_JIS`, …, or the
  /// name as the user gave it.
  public var name: String {
    switch self {
    case .utf8: "UTF-8"
    case .utf16LE: "UTF-16LE"
    case .utf16BE: "UTF-16BE"
    case .utf32LE: "UTF-32LE"
    case .utf32BE: "UTF-32BE"
    case .gb18030: "GB18030"
    case .big5: "Big5"
    case .shiftJIS: "Shift_JIS"
    case .eucJP: "EUC-JP"
    case .eucKR: "EUC-KR"
    case .windows1252: "windows-1252"
    case .named(let name): name
    }
  }

  public var description: String { name }

  /// Whether this is one of the Unicode encodings (a file in one is never a guess among legacy
  /// code pages, so it gets no warning about the guess).
  public var isUnicode: Bool {
    switch self {
    case .utf8, .utf16LE, .utf16BE, .utf32LE, .utf32BE: true
    default: false
    }
  }

  /// The name a transcoder (iconv) knows the encoding by. Shift_JIS and EUC-KR files are
  /// almost always written by Windows, whose code pages (932 and 949) are supersets of the
  /// standards: glibc's plain `SHIFT_JIS` would turn `\` and `~` into `¥` and `‾`, and plain
  /// `EUC-KR` rejects the hangul that only code page 949 holds. A file in the standard form
  /// reads the same through the superset.
  public var transcoderName: String {
    switch self {
    case .big5: "BIG5"
    case .shiftJIS: "CP932"
    case .eucKR: "CP949"
    case .windows1252: "CP1252"
    default: name
    }
  }

  /// Bytes per code unit and their order, for the encodings whose line feed is one code unit
  /// that no other character contains (so lines can be found in the bytes); nil for a named one.
  var codeUnit: (size: Int, bigEndian: Bool)? {
    switch self {
    case .utf8, .gb18030, .big5, .shiftJIS, .eucJP, .eucKR, .windows1252: (1, false)
    case .utf16LE: (2, false)
    case .utf16BE: (2, true)
    case .utf32LE: (4, false)
    case .utf32BE: (4, true)
    case .named: nil
    }
  }
}
