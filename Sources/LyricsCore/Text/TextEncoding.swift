/// The encoding a lyrics file's bytes were read in: one the decoder recognises by itself, or one
/// the user named (`--encoding`), which is handed to the transcoder as written.
public enum TextEncoding: Hashable, Sendable, CustomStringConvertible {
  case utf8, utf16LE, utf16BE, utf32LE, utf32BE, gb18030, big5, latin1
  /// Named by the user; the transcoder decides whether it knows it.
  case named(String)

  /// The name shown to the user (`check`, diagnostics): `UTF-8`, `Big5`, `Latin-1`, …, or the
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
    case .latin1: "Latin-1"
    case .named(let name): name
    }
  }

  public var description: String { name }

  /// The name a transcoder (iconv) knows the encoding by.
  public var transcoderName: String {
    switch self {
    case .big5: "BIG5"
    case .latin1: "ISO-8859-1"
    default: name
    }
  }

  /// Bytes per code unit and their order, for the encodings whose line feed is one code unit
  /// that no other character contains (so lines can be found in the bytes); nil for a named one.
  var codeUnit: (size: Int, bigEndian: Bool)? {
    switch self {
    case .utf8, .gb18030, .big5, .latin1: (1, false)
    case .utf16LE: (2, false)
    case .utf16BE: (2, true)
    case .utf32LE: (4, false)
    case .utf32BE: (4, true)
    case .named: nil
    }
  }
}
