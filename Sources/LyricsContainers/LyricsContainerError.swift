/// Why a lyrics container could not be opened. The caller names the file; the message says
/// what is wrong with it, in the library's own words where a C library found it.
public enum LyricsContainerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes do not start as the format requires (`krc1` for a binary KRC).
  case badMagic(format: String, expected: String)
  /// zlib could not inflate the payload (truncated, corrupt).
  case compressed(String)
  /// The payload inflates to more than the limit (a zip bomb, or not lyrics).
  case tooLarge(limit: Int)
  /// libxml2 refused the document.
  case xml(line: Int, message: String)
  /// libyaml refused the document.
  case yaml(line: Int, message: String)
  /// Well-formed, but not what the format holds (no `<tt>`, no `LyricContent`, bad JSON).
  case notTheFormat(format: String, reason: String)
  /// QQ Music's encrypted QRC (hex or local file) that does not decrypt: not hex, cut short,
  /// the wrong key, damaged zlib, no `LyricContent` inside.
  case encryptedQRC(String)
  /// The text could not be decoded in any known encoding.
  case undecodable

  public var description: String {
    switch self {
    case .badMagic(let format, let expected):
      "not a \(format) file: it does not start with '\(expected)'"
    case .compressed(let message): "damaged compressed data: \(message)"
    case .tooLarge(let limit): "compressed data inflates to more than \(limit / (1024 * 1024)) MiB"
    case .xml(let line, let message): "XML error at line \(line): \(message)"
    case .yaml(let line, let message): "YAML error at line \(line): \(message)"
    case .notTheFormat(let format, let reason): "not \(format): \(reason)"
    case .encryptedQRC(let reason): "encrypted QRC (QQ Music): \(reason)"
    case .undecodable: "text in an unknown encoding"
    }
  }
}
