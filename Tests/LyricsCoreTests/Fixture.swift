import Foundation

/// The files under `Tests/LyricsCoreTests/Fixtures` (see `generate.sh` there).
enum Fixture {
  static let directory: URL =
    Bundle.module.url(forResource: "Fixtures", withExtension: nil)
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "Fixtures")

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}
