import Foundation

/// Paths tests need: the package root, and the built `lyricpip` binary.
public enum Paths {
  /// The package root, found from this source file's location (Tests/TestSupport/Paths.swift).
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The strip's placeholder picture in the source tree (Assets/pip-placeholder.png).
  public static let placeholderImage: String =
    packageRoot.appendingPathComponent("Assets/pip-placeholder.png").path

  /// The `lyricpip` executable built next to the running test bundle.
  public static var lyricpipBinary: String {
    let bundleDir = Bundle.main.bundleURL
    let candidates = [
      bundleDir.appendingPathComponent("lyricpip").path,
      bundleDir.deletingLastPathComponent().appendingPathComponent("lyricpip").path,
      packageRoot.appendingPathComponent(".build/debug/lyricpip").path,
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[2]
  }

  /// The player `lyricpip` hands every command but `check` to, built beside it (a copy of the
  /// launcher elsewhere needs this beside it too; docs/ARCHITECTURE.md, "Two executables").
  public static var playerBinary: String {
    URL(fileURLWithPath: lyricpipBinary).deletingLastPathComponent()
      .appendingPathComponent("lyricpip-player").path
  }

  /// A fresh temporary directory for one test, inside the test process's own folder, so that
  /// nothing is left behind even by a test that does not remove it (prefer `TemporaryDirectory`,
  /// which removes its folder when the test ends).
  public static func makeTemporaryDirectory() throws -> URL {
    let url = try processFolder.get().appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// `lyricpip-tests-<pid>` in the system's temporary folder, removed when the process exits.
  private static let processFolderURL = FileManager.default.temporaryDirectory
    .appendingPathComponent("lyricpip-tests-\(getpid())")

  private static let processFolder = Result { () throws -> URL in
    try FileManager.default.createDirectory(
      at: processFolderURL, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: Paths.processFolderURL) }
    return processFolderURL
  }
}
