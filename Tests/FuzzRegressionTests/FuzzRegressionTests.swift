import Foundation
import FuzzTargets
import Testing

/// Every input the fuzzers once failed on (`make fuzz`), kept under `Regressions/TARGET/` and
/// run through the same target again: a crash ends this test process, a hang or a runaway
/// shows as a read slower than the bound below.
@Suite struct FuzzRegressionTests {
  static let directory: URL =
    Bundle.module.url(forResource: "Regressions", withExtension: nil)
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "Regressions")

  /// What one input may take; the fuzzers stop at 5 s, a fixed parser reads these in
  /// milliseconds, so this only catches a return of the hang.
  static let bound: Duration = .seconds(2)

  static func inputs() throws -> [(target: FuzzTarget, file: URL)] {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    return try names.sorted().flatMap { name -> [(target: FuzzTarget, file: URL)] in
      guard let target = FuzzTarget(rawValue: name) else { return [] }
      let folder = directory.appendingPathComponent(name)
      return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        .filter { !$0.hasPrefix(".") }
        .map { (target, folder.appendingPathComponent($0)) }
    }
  }

  @Test func everyFolderNamesATarget() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
      .filter { !$0.hasPrefix(".") }
    for name in names {
      #expect(FuzzTarget(rawValue: name) != nil, "Regressions/\(name) is not a fuzz target")
    }
  }

  @Test func everyKeptInputReadsInBoundedTime() throws {
    let inputs = try Self.inputs()
    #expect(!inputs.isEmpty, "no inputs found under \(Self.directory.path)")
    for (target, file) in inputs {
      let bytes = Array(try Data(contentsOf: file))
      let took = ContinuousClock().measure { target.run(bytes) }
      #expect(took < Self.bound, "\(target.rawValue)/\(file.lastPathComponent) took \(took)")
    }
  }

  /// A target the script does not know is never fuzzed, and one the docs do not list is not
  /// known to be: each case of `FuzzTarget` is in `scripts/fuzz`'s list and docs/fuzzing.md's
  /// table.
  @Test func everyTargetIsRunByTheScriptAndDocumented() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let script = try String(
      contentsOf: root.appendingPathComponent("scripts/fuzz"), encoding: .utf8)
    let docs = try String(
      contentsOf: root.appendingPathComponent("docs/fuzzing.md"), encoding: .utf8)
    let listed =
      script.split(separator: "\n").first { $0.hasPrefix("ALL=") }
      .map { $0.dropFirst(5).dropLast().split(separator: " ").map(String.init) } ?? []
    for target in FuzzTarget.allCases {
      #expect(listed.contains(target.rawValue), "scripts/fuzz does not run \(target.rawValue)")
      #expect(docs.contains("| `\(target.rawValue)` |"), "docs/fuzzing.md lacks \(target.rawValue)")
    }
  }
}
