import Glibc

/// What `stat(2)` says of a path (following symbolic links): enough to tell two names of one
/// file apart from two files, and to give a new file the mode of the one it replaces.
public struct FileStatus: Sendable, Equatable {
  public var device: UInt64
  public var inode: UInt64
  /// The permission bits (`st_mode & 0o7777`).
  public var permissions: UInt32

  /// The status of `path`, or why there is none.
  public static func of(_ path: String) -> Result<FileStatus, Errno> {
    var info = stat()
    guard stat(path, &info) == 0 else { return .failure(.current) }
    return .success(
      FileStatus(
        device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
        permissions: UInt32(info.st_mode & 0o7777)))
  }

  /// Whether both are one file (the same inode on the same device).
  public func isSameFile(as other: FileStatus) -> Bool {
    device == other.device && inode == other.inode
  }

  /// `path` with every symbolic link, `.` and `..` resolved (`realpath(3)`), or why not.
  public static func resolvedPath(_ path: String) -> Result<String, Errno> {
    guard let resolved = realpath(path, nil) else { return .failure(.current) }
    defer { free(resolved) }
    return .success(String(cString: resolved))
  }

  /// The names in `folder` other than `.` and `..`, in the order the file system gives them;
  /// nil when it cannot be read.
  public static func names(in folder: String) -> [String]? {
    guard let directory = opendir(folder) else { return nil }
    defer { closedir(directory) }
    var result: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { result.append(name) }
    }
    return result
  }
}
