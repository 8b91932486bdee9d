import FoundationEssentials
import Glibc
import SystemSupport

/// Whole-file reading and renaming through Glibc, with `strerror`'s message in the error (what
/// Foundation's `localizedDescription` gave, which needs libFoundation).
enum FileBytes {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The file's bytes.
  static func read(_ path: String) throws(Failure) -> Data {
    let file = open(path, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { throw lastError() }
    defer { close(file) }
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw lastError() }
      if count == 0 { return data }
      data.append(contentsOf: chunk[0..<count])
    }
  }

  /// Renames `source` to `target` (same file system).
  static func rename(_ source: String, to target: String) throws(Failure) {
    guard Glibc.rename(source, target) == 0 else { throw lastError() }
  }

  static func lastError() -> Failure {
    Failure(description: SystemError.last)
  }
}
