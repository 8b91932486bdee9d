import Foundation

/// The files under `Tests/LyricsContainersTests/Fixtures`, hand-written from the formats'
/// descriptions.
enum Fixture {
  static let directory: URL =
    Bundle.module.url(forResource: "Fixtures", withExtension: nil)
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "Fixtures")

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  static func text(_ name: String) throws -> String {
    String(decoding: try bytes(name), as: UTF8.self)
  }
}
