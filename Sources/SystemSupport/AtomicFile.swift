import FoundationEssentials
import Glibc

/// Whole-file replacement that readers see as before or after, never in between: write a
/// temporary file in the same folder (a rename is only atomic within one file system), flush it
/// to disk, then rename it over the target.
public enum AtomicFile {
  public struct WriteError: Error, CustomStringConvertible {
    public var description: String
  }

  /// Writes `data` as the file at `url`; `permissions` gives the new file the mode of the one it
  /// replaces (else the default, less the umask).
  public static func write(_ data: Data, to url: URL, permissions: mode_t? = nil) throws {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(
      ".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    let file = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard file >= 0 else {
      throw WriteError(description: "cannot create \(temporary.path): \(lastError())")
    }
    let permitted = permissions.map { fchmod(file, $0) == 0 } ?? true
    let written =
      permitted && data.withUnsafeBytes { writeAll($0, to: file) } && fsync(file) == 0
    let problem = written ? nil : lastError()
    close(file)
    if let problem {
      try? FileManager.default.removeItem(at: temporary)
      throw WriteError(description: "cannot write \(temporary.path): \(problem)")
    }
    // POSIX rename replaces the target in one step; FileManager.moveItem refuses an existing one.
    if Glibc.rename(temporary.path, url.path) != 0 {
      let message = SystemError.last
      try? FileManager.default.removeItem(at: temporary)
      throw WriteError(description: "cannot replace \(url.path): \(message)")
    }
  }

  /// Renames `source` to `target` in one step (`rename(2)`, within one file system), replacing
  /// a file that is there: what a user sees is the old file or the new one.
  public static func rename(_ source: String, to target: String) throws(WriteError) {
    guard Glibc.rename(source, target) == 0 else {
      throw WriteError(description: "cannot rename \(source) to \(target): \(lastError())")
    }
  }

  private static func lastError() -> String { SystemError.last }
}
