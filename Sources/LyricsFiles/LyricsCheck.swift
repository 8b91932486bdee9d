import LyricsContainers
import LyricsCore

/// The work behind `lyricpip check`, kept out of the executable so tests and other commands can
/// use it: read a file under the size cap, tell its format by content (or take the one given),
/// unpack and decode it, parse it leniently.
public enum LyricsCheck {
  /// One file checked.
  public struct Report: Equatable, Sendable {
    public var file: String
    public var encoding: String
    /// The format read: `lrc`, `enhanced-lrc`, `krc`, `qrc`, `yrc`, `ttml`, `eslyric`, `lrcx`,
    /// `lyricsfile`.
    public var format: LyricsFormat = .lrc
    public var lyrics: Lyrics
    public var diagnostics: [LRCDiagnostic]

    /// An error diagnostic, or neither a timed line nor untimed text: `check` exits 1. Untimed
    /// lyrics pass, with a note: they are shown as text.
    public var failed: Bool {
      (lyrics.lines.isEmpty && !lyrics.isUntimed) || diagnostics.contains { $0.severity == .error }
    }

    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
  }

  /// Why a file could not be checked at all: `check` exits 2 (unreadable) or 64 (a bad
  /// `--encoding`).
  public enum Failure: Error, Equatable, CustomStringConvertible {
    case unreadable(file: String, LyricsFileReader.ReadError)
    case unknownEncoding(TextDecoder.UnknownEncoding)
    /// The container is damaged (bad magic, broken zlib, an XML or YAML error, not the format):
    /// the file's content is wrong, as with an error diagnostic.
    case damaged(file: String, LyricsContainerError)

    public var description: String {
      switch self {
      case .unreadable(let file, let error): return "\(file): \(error)"
      case .unknownEncoding(let error): return "--encoding: \(error)"
      case .damaged(let file, let error): return "\(file): \(error)"
      }
    }
  }

  public static func check(
    path: String, encoding: String? = nil, format: LyricsFormat? = nil
  ) throws(Failure) -> Report {
    let bytes: [UInt8]
    do {
      bytes = try LyricsFileReader.read(path: path)
    } catch {
      throw .unreadable(file: path, error)
    }
    if let encoding {
      do {
        try TextDecoder.validateEncodingName(encoding)
      } catch {
        throw .unknownEncoding(error)
      }
    }
    let document: LyricsDocumentReader.Document
    do {
      document = try LyricsDocumentReader.read(
        bytes, format: format, encoding: encoding, transcoder: IconvTranscoder())
    } catch {
      throw .damaged(file: path, error)
    }
    return Report(
      file: path, encoding: document.encoding, format: document.format,
      lyrics: document.result.lyrics, diagnostics: document.result.diagnostics)
  }
}
