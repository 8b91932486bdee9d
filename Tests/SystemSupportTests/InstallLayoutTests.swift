import Foundation
import SystemSupport
import TestSupport
import Testing

@Suite("Install layout")
struct InstallLayoutTests {
  let folder: TemporaryDirectory
  /// The folder with symbolic links resolved, as the layout reports paths.
  let root: URL

  init() throws {
    folder = try TemporaryDirectory()
    root = folder.url.resolvingSymlinksInPath()
  }

  func make(_ relative: String, directory: Bool = false) throws -> String {
    let url = root.appendingPathComponent(relative)
    if directory {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      return url.path
    }
    try folder.write(relative, "x")
    return url.path
  }

  @Test("a build tree finds the package's folders above .build/<triple>/<config>")
  func buildTree() throws {
    let executable = try make("package/.build/x86_64-unknown-linux-gnu/release/lyricpip")
    let lyrics = try make("package/Lyrics", directory: true)
    let demo = try make("package/Assets/demo.ogg")
    let layout = InstallLayout(executable: executable)
    #expect(layout.find("Lyrics", kind: .directory) == lyrics)
    #expect(layout.find("Assets/demo.ogg") == demo)
    #expect(layout.find("Assets/missing.png") == nil)
  }

  @Test("an installed bin/lyricpip finds share/lyricpip beside bin/, through a symbolic link")
  func installed() throws {
    let executable = try make("prefix/bin/lyricpip")
    let placeholder = try make("prefix/share/lyricpip/Assets/pip-placeholder.png")
    let link = root.appendingPathComponent("elsewhere/lyricpip")
    try FileManager.default.createDirectory(
      at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: executable)
    let layout = InstallLayout(executable: link.path)
    #expect(layout.find("Assets/pip-placeholder.png") == placeholder)
  }

  @Test("the data override is looked in first")
  func override() throws {
    let executable = try make("package/.build/debug/lyricpip")
    _ = try make("package/Assets/demo.ogg")
    let chosen = try make("data/Assets/demo.ogg")
    let layout = InstallLayout(
      executable: executable, dataOverride: root.appendingPathComponent("data").path)
    #expect(layout.find("Assets/demo.ogg") == chosen)
  }
}
