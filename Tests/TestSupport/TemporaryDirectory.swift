import Foundation

/// A fresh folder for one test, removed with everything in it when the value goes away.
///
/// A suite keeps one as a stored property, set in its `init`: Swift Testing makes a new instance
/// of the suite for every test, so each test gets a folder of its own, and the folder lives as
/// long as the test. Inside one test function, use `withTemporaryDirectory` instead: a local
/// value may be released (and its folder removed) right after its last use.
public final class TemporaryDirectory: Sendable {
  public let url: URL
  public var path: String { url.path }

  public init() throws {
    url = try Paths.makeTemporaryDirectory()
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// `name` (which may hold subfolders) inside the folder.
  public func appendingPathComponent(_ name: String) -> URL {
    url.appendingPathComponent(name)
  }

  /// Writes `bytes` as `name` inside the folder, making the subfolders it needs; its path.
  @discardableResult
  public func write(_ name: String, _ bytes: some Sequence<UInt8>) throws -> String {
    let file = appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: file)
    return file.path
  }

  /// Writes `text` as UTF-8; its path.
  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String {
    try write(name, Array(text.utf8))
  }
}

/// Runs `body` with a fresh folder that is removed when it returns or throws.
public func withTemporaryDirectory<Result>(_ body: (TemporaryDirectory) throws -> Result) throws
  -> Result
{
  let directory = try TemporaryDirectory()
  return try withExtendedLifetime(directory) { try body(directory) }
}
