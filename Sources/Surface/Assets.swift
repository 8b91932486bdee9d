import FoundationEssentials

/// Finds the files shipped in `Assets/`.
public enum Assets {
  /// `pip-placeholder.png`: from `$LYRICPIP_ASSETS`, else the `Assets` folder found next to or
  /// above the executable (a build tree: `.build/<config>/lyricpip`), else `share/lyricpip` (or its
  /// `Assets`) beside an installed `bin/`, else `Assets/` in the current directory.
  public static func placeholderPath() -> String {
    let name = "pip-placeholder.png"
    let fileManager = FileManager.default
    var candidates: [URL] = []
    if let dir = ProcessInfo.processInfo.environment["LYRICPIP_ASSETS"] {
      candidates.append(URL(fileURLWithPath: dir).appendingPathComponent(name))
    }
    // /proc/self/exe, not argv[0], which is a bare name when the binary was found on PATH.
    let executable =
      (try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments.first ?? "."
    var dir = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    for _ in 0..<6 {
      candidates.append(dir.appendingPathComponent("Assets").appendingPathComponent(name))
      candidates.append(dir.appendingPathComponent("share/lyricpip").appendingPathComponent(name))
      // `make install` puts it in share/lyricpip/Assets, beside the demo.
      candidates.append(
        dir.appendingPathComponent("share/lyricpip/Assets").appendingPathComponent(name))
      dir.deleteLastPathComponent()
    }
    candidates.append(
      URL(fileURLWithPath: fileManager.currentDirectoryPath).appendingPathComponent("Assets")
        .appendingPathComponent(name))
    let found = candidates.first { fileManager.fileExists(atPath: $0.path) }
    return (found ?? candidates[candidates.count - 1]).path
  }
}
