import SystemSupport

/// Reads a lyrics file's bytes, refusing what cannot be lyrics before reading it: a directory,
/// a device or FIFO (which could block or never end), a file over the size cap.
public enum LyricsFileReader {
  /// No real lyrics file is this big (docs/lrc.md, "Size cap").
  public static let sizeCap = 16 * 1024 * 1024

  /// Why a file could not be read; `description` is one line naming the problem (the caller
  /// prefixes the file name).
  public enum ReadError: Error, Equatable, CustomStringConvertible {
    case cannotOpen(String)
    case isDirectory
    case notRegularFile
    case tooLarge(bytes: Int)
    case readFailed(String)

    public var description: String {
      switch self {
      case .cannotOpen(let message): return "cannot open: \(message)"
      case .isDirectory: return "is a directory, not a lyrics file"
      case .notRegularFile: return "not a regular file"
      case .tooLarge(let bytes):
        return "file is \(bytes) bytes, over the \(sizeCap / 1024 / 1024) MiB lyrics size cap"
      case .readFailed(let message): return "cannot read: \(message)"
      }
    }
  }

  public static func read(path: String, cap: Int = sizeCap) throws(ReadError) -> [UInt8] {
    let file: PosixFile
    do {
      file = try PosixFile(readingAt: path)
    } catch {
      throw .cannotOpen(error.message)
    }
    do {
      let (kind, size) = try file.status()
      switch kind {
      case .directory: throw ReadError.isDirectory
      case .other: throw ReadError.notRegularFile
      case .regular: break
      }
      if size > cap { throw ReadError.tooLarge(bytes: size) }
      // Read one byte past the cap so a file that grew since fstat is still refused.
      let bytes = try file.read(upTo: cap + 1, expectedSize: size)
      if bytes.count > cap { throw ReadError.tooLarge(bytes: bytes.count) }
      return bytes
    } catch let error as ReadError {
      throw error
    } catch let error as PosixFile.Failure {
      throw .readFailed(error.message)
    } catch {
      throw .readFailed("\(error)")
    }
  }
}
