import Glibc

/// Replaces this process with another program of the installation, same arguments (argv[0]
/// included, so its messages still name the command the user typed) and same environment: one
/// `execv`, no child, so signals, the exit status and the process id are that program's own.
/// What the `lyricpip` launcher does with every command but `check` (docs/ARCHITECTURE.md,
/// "Two executables").
public enum ProgramHandOff {
  /// Runs `name` found beside this executable, else in `lib/lyricpip/` beside its `bin/`. Returns
  /// only never: when neither can be started, the reason is printed on stderr and the process
  /// ends with 69 (the status of a missing service).
  public static func run(_ name: String) -> Never {
    let candidates = candidates(for: name, beside: InstallLayout.runningExecutable())
    for path in candidates {
      _ = path.withCString { execv($0, CommandLine.unsafeArgv) }
      // Not there: try the next place; any other failure is the answer to report.
      if errno != ENOENT { fail(path, errno) }
    }
    fail(candidates[0], ENOENT)
  }

  /// Where `name` is looked for, best first, for the executable at `executable`: its own folder
  /// (a build tree, `.build/release/`), then `lib/lyricpip/` beside that folder (`make install`
  /// and the Debian package put the launcher in `bin/`).
  public static func candidates(for name: String, beside executable: String) -> [String] {
    let folder = parent(of: executable)
    let installRoot = parent(of: folder)
    return [
      join(folder, name),
      join(installRoot, "lib/lyricpip/" + name),
    ]
  }

  private static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private static func join(_ folder: String, _ name: String) -> String {
    folder == "/" ? "/" + name : folder + "/" + name
  }

  private static func fail(_ path: String, _ code: Int32) -> Never {
    SystemProcess.failNow(
      "lyricpip: cannot start \(path): \(String(cString: strerror(code)))\n", status: 69)
  }
}
