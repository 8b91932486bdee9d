import FoundationEssentials

/// The bundled demo (`Assets/demo.ogg` with `Lyrics/demo.lrc`), found from the data directory
/// (`LYRICPIP_DATA`), the source tree around the executable (`.build/<config>/lyricpip`), or
/// an installed `share/lyricpip`.
enum DemoFiles {
  static func locate() -> (audio: String, lyrics: String)? {
    var roots: [URL] = []
    if let data = ProcessInfo.processInfo.environment["LYRICPIP_DATA"] {
      roots.append(URL(fileURLWithPath: data))
    }
    // /proc/self/exe, not argv[0]: a desktop launcher runs `lyricpip` found on PATH, and
    // argv[0] is then a bare name that says nothing about where the binary is.
    let executablePath =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments.first ?? ""
    let executable = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
    var directory = executable.deletingLastPathComponent()
    for _ in 0..<4 {
      roots.append(directory)
      roots.append(directory.appendingPathComponent("share/lyricpip"))
      directory = directory.deletingLastPathComponent()
    }
    roots.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    for root in roots {
      let audio = root.appendingPathComponent("Assets/demo.ogg").path
      let lyrics = root.appendingPathComponent("Lyrics/demo.lrc").path
      if FileManager.default.isReadableFile(atPath: audio) { return (audio, lyrics) }
    }
    return nil
  }
}
