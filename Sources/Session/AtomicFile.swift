import Foundation
import Glibc

/// Whole-file replacement that readers see as before or after, never in between: write a
/// temporary file in the same folder (a rename is only atomic within one file system), flush it
/// to disk, then rename it over the target.
enum AtomicFile {
  struct WriteError: Error, CustomStringConvertible {
    var description: String
  }

  static func write(_ data: Data, to url: URL) throws {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(
      ".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
      throw WriteError(description: "cannot create \(temporary.path)")
    }
    do {
      let handle = try FileHandle(forWritingTo: temporary)
      defer { try? handle.close() }
      try handle.write(contentsOf: data)
      try handle.synchronize()
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
    // POSIX rename replaces the target in one step; FileManager.moveItem refuses an existing one.
    if rename(temporary.path, url.path) != 0 {
      let message = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw WriteError(description: "cannot replace \(url.path): \(message)")
    }
  }
}
