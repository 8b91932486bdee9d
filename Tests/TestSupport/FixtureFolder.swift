import Foundation

/// A test target's folder of fixture files: the copy SwiftPM bundles with the target (its
/// `resources: [.copy("Fixtures")]`), or the source tree's when there is no bundle. A target
/// names its folder once (`enum Fixture: FixtureFolder`) and reads its files by name.
public protocol FixtureFolder {
  static var directory: URL { get }
}

extension FixtureFolder {
  /// The `Fixtures` folder of a target: in `bundle` (the target's `Bundle.module`) when SwiftPM
  /// copied it there, else beside `filePath`, a source file at the top of the target.
  public static func fixtures(in bundle: Bundle, besides filePath: String) -> URL {
    bundle.url(forResource: "Fixtures", withExtension: nil)
      ?? URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures")
  }

  public static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  public static func text(_ name: String) throws -> String {
    String(decoding: try bytes(name), as: UTF8.self)
  }

  public static func path(_ name: String) -> String {
    directory.appendingPathComponent(name).path
  }
}
