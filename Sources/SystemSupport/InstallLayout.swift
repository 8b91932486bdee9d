import FoundationEssentials
import Glibc

/// Where the program's own data (`Assets/`, `Lyrics/`) is, found by one walk up from the running
/// executable: in a build tree (`.build/<config>/lyricpip`) the package folder holds them; an
/// installed `bin/lyricpip` finds them in `share/lyricpip` beside `bin/`. `$LYRICPIP_DATA`, when
/// set, is looked in first.
public struct InstallLayout: Sendable, Equatable {
  /// Folders that may hold the data, best first.
  public var dataRoots: [String]

  /// How many folders above the executable's own are looked in: enough for
  /// `.build/<triple>/<config>/` inside the package.
  static let levels = 5

  /// The layout around `executable` (a path; symbolic links are resolved first).
  public init(executable: String, dataOverride: String? = nil) {
    var roots: [String] = dataOverride.map { [$0] } ?? []
    var directory = Self.resolved(executable)
    for _ in 0...Self.levels {
      directory = Self.parent(of: directory)
      roots.append(directory)
      roots.append(directory == "/" ? "/share/lyricpip" : directory + "/share/lyricpip")
      if directory == "/" { break }
    }
    dataRoots = roots
  }

  /// The running program's layout (`/proc/self/exe`, `$LYRICPIP_DATA`).
  public static var current: InstallLayout {
    InstallLayout(
      executable: runningExecutable(),
      dataOverride: ProcessInfo.processInfo.environment["LYRICPIP_DATA"])
  }

  /// The first `relativePath` (`Assets/demo.ogg`, `Lyrics`) that exists under a data root as
  /// `kind` (a directory, or anything else).
  public func find(_ relativePath: String, kind: FileKind = .other) -> String? {
    dataRoots.lazy.map { $0 + "/" + relativePath }.first { FileKind.at($0) == kind }
  }

  /// The running program's file, as the kernel knows it (`/proc/self/exe`), else `argv[0]`.
  /// Not argv[0] first: a desktop launcher runs `lyricpip` found on PATH, and argv[0] is then a
  /// bare name that says nothing about where the binary is.
  package static func runningExecutable() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if length > 0 {
      return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return CommandLine.arguments.first ?? "."
  }

  private static func resolved(_ path: String) -> String {
    guard let real = realpath(path, nil) else { return path }
    defer { free(real) }
    return String(cString: real)
  }

  private static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
