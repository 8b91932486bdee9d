import LyricsCore

/// The work behind `lyricpip check`, kept out of the executable so tests and other commands can
/// use it: read a file under the size cap, decode it, parse it leniently.
public enum LyricsCheck {
  /// One file checked.
  public struct Report: Equatable, Sendable {
    public var file: String
    public var encoding: String
    public var lyrics: Lyrics
    public var diagnostics: [LRCDiagnostic]

    /// An error diagnostic or no timed line at all: `check` exits 1.
    public var failed: Bool {
      lyrics.lines.isEmpty || diagnostics.contains { $0.severity == .error }
    }

    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
  }

  /// Why a file could not be checked at all: `check` exits 2 (unreadable) or 64 (a bad
  /// `--encoding`).
  public enum Failure: Error, Equatable, CustomStringConvertible {
    case unreadable(file: String, LyricsFileReader.ReadError)
    case unknownEncoding(TextDecoder.UnknownEncoding)

    public var description: String {
      switch self {
      case .unreadable(let file, let error): return "\(file): \(error)"
      case .unknownEncoding(let error): return "--encoding: \(error)"
      }
    }
  }

  public static func check(path: String, encoding: String? = nil) throws(Failure) -> Report {
    let bytes: [UInt8]
    do {
      bytes = try LyricsFileReader.read(path: path)
    } catch {
      throw .unreadable(file: path, error)
    }
    do {
      let (decoded, result) = try LRCParser.parse(bytes: bytes, encoding: encoding)
      return Report(
        file: path, encoding: decoded.encoding.name, lyrics: result.lyrics,
        diagnostics: result.diagnostics)
    } catch {
      throw .unknownEncoding(error)
    }
  }
}
