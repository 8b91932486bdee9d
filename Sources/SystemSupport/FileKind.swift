import Glibc

/// What is at a path, following symbolic links (as `FileManager.fileExists(atPath:isDirectory:)`
/// does, whose `ObjCBool` needs libFoundation).
public enum FileKind: Sendable {
  case missing, directory, other

  public static func at(_ path: String) -> FileKind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .other
  }
}
