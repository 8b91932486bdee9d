import Foundation
import TestSupport
import Testing

/// The desktop entry, and `make install` as a packager runs it (DESTDIR, PREFIX=/usr): the
/// installed binary, found on PATH as a desktop launcher finds it, runs and finds its data; the
/// man page and the completions go where man and the shells look.
@Suite(.timeLimit(.minutes(10))) struct InstallTests {
  @Test func desktopEntryIsValid() throws {
    let entry = Paths.packageRoot.appendingPathComponent("Assets/lyricpip.desktop").path
    let result = try ProcessRunner.run("desktop-file-validate", [entry])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    // desktop-file-validate exits 0 with hints; an entry worth shipping has none.
    #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(result.stdout)\(result.stderr)")
    let text = try String(contentsOfFile: entry, encoding: .utf8)
    // Launchers match our windows by WM_CLASS (set to "lyricpip" in SDLEventLoop).
    #expect(text.contains("\nStartupWMClass=lyricpip\n"))
    #expect(text.contains("\nExec=lyricpip %U\n"))
    // Folders and playlists open from the file manager too.
    for type in ["inode/directory", "audio/x-mpegurl", "audio/x-scpls", "application/xspf+xml"] {
      #expect(text.contains(";\(type);") || text.contains("=\(type);"), "MimeType lacks \(type)")
    }
  }

  @Test func installedBinaryRunsAndPlaysTheDemoThenUninstallRemovesIt() throws {
    let stage = try Paths.makeTemporaryDirectory().appendingPathComponent("root").path
    let make = ["-C", Paths.packageRoot.path, "DESTDIR=\(stage)", "PREFIX=/usr"]
    let installed = try ProcessRunner.run(
      "make", make + ["INSTALL_BIN=\(Paths.lyricpipBinary)", "install"])
    try #require(installed.status == 0, "make install: \(installed.stderr)")
    for file in [
      "bin/lyricpip", "share/lyricpip/Assets/demo.ogg",
      "share/lyricpip/Assets/pip-placeholder.png", "share/lyricpip/Lyrics/demo.lrc",
      "share/applications/lyricpip.desktop", "share/icons/hicolor/scalable/apps/lyricpip.svg",
      "share/man/man1/lyricpip.1", "share/bash-completion/completions/lyricpip",
      "share/zsh/vendor-completions/_lyricpip", "share/fish/vendor_completions.d/lyricpip.fish",
    ] {
      #expect(FileManager.default.fileExists(atPath: "\(stage)/usr/\(file)"), "missing \(file)")
    }
    let entry = try ProcessRunner.run(
      "desktop-file-validate", ["\(stage)/usr/share/applications/lyricpip.desktop"])
    #expect(entry.status == 0, "\(entry.stdout)")
    // `lyricpip follow` with the desktop: installed, and the setting decides whether it follows.
    let autostart = "\(stage)/etc/xdg/autostart/lyricpip-follow.desktop"
    let autostartText = (try? String(contentsOfFile: autostart, encoding: .utf8)) ?? ""
    #expect(autostartText.contains("\nExec=lyricpip follow --autostart\n"), "\(autostartText)")
    #expect(!autostartText.contains("Hidden"), "\(autostartText)")
    let autostartCheck = try ProcessRunner.run("desktop-file-validate", [autostart])
    #expect(autostartCheck.status == 0, "\(autostartCheck.stdout)")

    // Found on PATH (argv[0] is then a bare name), started from another directory.
    let environment = [
      "PATH": "\(stage)/usr/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
    ]
    let version = try ProcessRunner.run("lyricpip", ["--version"], environment: environment)
    #expect(version.status == 0)
    #expect(version.stdout.hasPrefix("lyricpip "), "\(version.stdout)")
    let events = "\(stage)/events.jsonl"
    let played = try ProcessRunner.run(
      "lyricpip",
      ["play", "--no-window", "--audio", "null", "--start", "35", "--events", events],
      environment: environment, timeout: 60)
    #expect(played.status == 0, "\(played.stderr)")
    let log = (try? String(contentsOfFile: events, encoding: .utf8)) ?? ""
    // The installed copy of the demo, with its lyrics.
    #expect(log.contains("\"track\":\"\(stage)/usr/share/lyricpip/Assets/demo.ogg\""), "\(log)")
    #expect(log.contains("\"lines\":9"), "\(log)")
    #expect(log.contains("\"state\":\"ended\""), "\(log)")

    let removed = try ProcessRunner.run("make", make + ["uninstall"])
    #expect(removed.status == 0, "make uninstall: \(removed.stderr)")
    let left =
      FileManager.default.enumerator(atPath: "\(stage)/usr")?.allObjects
      .compactMap { $0 as? String }
      .filter { !FileManager.default.isDirectory(atPath: "\(stage)/usr/\($0)") } ?? []
    #expect(left.isEmpty, "left after uninstall: \(left)")
    #expect(!FileManager.default.fileExists(atPath: autostart), "the autostart entry stayed")
  }
}

extension FileManager {
  fileprivate func isDirectory(atPath path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }
}
