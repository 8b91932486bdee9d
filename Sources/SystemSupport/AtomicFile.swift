import FoundationEssentials
import Glibc

/// Whole-file replacement that readers see as before or after, never in between: write a
/// temporary file in the same folder (a rename is only atomic within one file system), flush it
/// to disk, rename it over the target, then flush the folder so the rename itself survives a
/// crash. On any failure the old file is left as it was and the temporary file is removed.
public enum AtomicFile {
  /// Why a file was not written. `errno` tells a full disk from a read-only one.
  public struct WriteError: Error, CustomStringConvertible {
    /// The file that was to be written (never the temporary name, which users do not know).
    public var path: String
    /// What was being done: "write", "replace", "rename … to".
    public var action: String
    public var errno: Errno
    public var description: String { "cannot \(action) \(path): \(errno)" }
  }

  /// Writes `data` as the file at `url`; `permissions` gives the new file the mode of the one it
  /// replaces (else the default, less the umask).
  public static func write(_ data: Data, to url: URL, permissions: mode_t? = nil) throws(WriteError)
  {
    let temporary = temporaryPath(beside: url.path)
    try writeNew(data, at: temporary, permissions: permissions, reportedAs: url.path)
    try rename(temporary, over: url.path)
  }

  /// Replaces the file at `path` by what `writeTemporary` writes at the path it is given (for a
  /// library that writes a file by name, a PNG encoder): that file is flushed, renamed over
  /// `path`, and the folder flushed. What `writeTemporary` throws comes out as it is.
  public static func replace(atPath path: String, writing writeTemporary: (String) throws -> Void)
    throws
  {
    let temporary = temporaryPath(beside: path)
    do {
      try writeTemporary(temporary)
    } catch {
      _ = SystemCalls.unlink(temporary)
      throw error
    }
    try moveIntoPlace(temporary, replacing: path)
  }

  /// Writes `data` as a new file at `path`, whole or not at all, and never over a file that is
  /// there (an error with `fileExists` then): a temporary file is flushed and hard-linked to
  /// `path`, which fails when the name is taken, where a rename would replace it. On a file
  /// system without hard links (FAT, exFAT, some shares) the name is created exclusively and
  /// written in place: still never over a file, whole unless the write fails (then removed).
  public static func create(_ data: Data, atPath path: String) throws(WriteError) {
    let temporary = temporaryPath(beside: path)
    try writeNew(data, at: temporary, permissions: nil, reportedAs: path)
    defer { _ = SystemCalls.unlink(temporary) }
    switch SystemCalls.link(temporary, to: path) {
    case .success:
      flushFolder(of: path)
    case .failure(let error)
    where error == .notPermitted || error == .notSupported || error == .notImplemented:
      try writeNew(data, at: path, permissions: nil, reportedAs: path)
    case .failure(let error):
      throw WriteError(path: path, action: "write", errno: error)
    }
  }

  /// Renames `source` to `target` in one step (`rename(2)`, within one file system), replacing
  /// a file that is there: what a user sees is the old file or the new one.
  public static func rename(_ source: String, to target: String) throws(WriteError) {
    if case .failure(let error) = SystemCalls.rename(source, to: target) {
      throw WriteError(path: target, action: "rename \(source) to", errno: error)
    }
    flushFolder(of: target)
  }

  /// Creates `path` (exclusively), writes `data` and flushes it; on failure removes it.
  private static func writeNew(
    _ data: Data, at path: String, permissions: mode_t?, reportedAs target: String
  ) throws(WriteError) {
    let file: Int32
    switch SystemCalls.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) {
    case .success(let opened): file = opened
    case .failure(let error): throw WriteError(path: target, action: "write", errno: error)
    }
    var result = permissions.map { SystemCalls.fchmod(file, $0).map { _ in () } } ?? .success(())
    if case .success = result {
      result = data.withUnsafeBytes { writeAll($0, to: file) }
    }
    if case .success = result {
      result = SystemCalls.fsync(file).map { _ in () }
    }
    SystemCalls.close(file)
    if case .failure(let error) = result {
      _ = SystemCalls.unlink(path)
      throw WriteError(path: target, action: "write", errno: error)
    }
  }

  /// Flushes a file written by name to disk, then renames it over `target`.
  private static func moveIntoPlace(_ temporary: String, replacing target: String)
    throws(WriteError)
  {
    let flushed = SystemCalls.open(temporary, O_RDONLY | O_CLOEXEC).flatMap { file in
      defer { SystemCalls.close(file) }
      return SystemCalls.fsync(file)
    }
    if case .failure(let error) = flushed {
      _ = SystemCalls.unlink(temporary)
      throw WriteError(path: target, action: "write", errno: error)
    }
    try rename(temporary, over: target)
  }

  /// Renames the flushed `temporary` over `target` and flushes the folder; on failure removes
  /// it and leaves `target` as it was.
  private static func rename(_ temporary: String, over target: String) throws(WriteError) {
    // POSIX rename replaces the target in one step; FileManager.moveItem refuses an existing one.
    if case .failure(let error) = SystemCalls.rename(temporary, to: target) {
      _ = SystemCalls.unlink(temporary)
      throw WriteError(path: target, action: "replace", errno: error)
    }
    flushFolder(of: target)
  }

  /// Flushes the folder holding `path`, so a rename or link in it survives a crash. A failure
  /// is ignored: the new file is in place either way, and some file systems refuse to flush a
  /// folder (EINVAL).
  private static func flushFolder(of path: String) {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    if case .success(let descriptor) = SystemCalls.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    {
      _ = SystemCalls.fsync(descriptor)
      SystemCalls.close(descriptor)
    }
  }

  /// A name beside `path`, hidden, unique to this process and call.
  private static func temporaryPath(beside path: String) -> String {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    return folder + ".\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
  }
}
