import Foundation
import TestSupport
import Testing

/// LyricsCore, Clocks and the contract between the parts (PlayerContract) stay free of the
/// system: on Linux any target may `import Glibc`, so only this check keeps them pure.
@Suite("Pure modules")
struct PureModulesTests {
  static let allowed: [String: Set<String>] = [
    // Locking is Synchronization re-exported (it swaps in a pthread-based Mutex only in
    // ThreadSanitizer builds).
    // FoundationEssentials is Foundation's pure-Swift core (JSON decoding, base64), no system.
    "LyricsCore": [
      "Clocks", "Locking", "PlayerContract", "Synchronization", "FoundationEssentials",
    ],
    "Clocks": ["Locking", "Synchronization"],
    // The vocabulary every part shares knows no other module at all.
    "PlayerContract": [],
  ]

  @Test(
    "LyricsCore, Clocks and PlayerContract import only the standard library's modules and each other",
    arguments: ["LyricsCore", "Clocks", "PlayerContract"])
  func importsAreAllowed(module: String) throws {
    let folder = Paths.packageRoot.appendingPathComponent("Sources/\(module)")
    // Every file in the target's folders, subfolders included: a file moved into one must not
    // escape the check.
    let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(!files.isEmpty)
    for file in files {
      let text = try String(
        contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") {
        guard let imported = Self.importedModule(line) else { continue }
        #expect(Self.allowed[module, default: []].contains(imported), "\(module)/\(file): \(line)")
      }
    }
  }

  /// The module an `import` line names (`@preconcurrency public import X` too); nil for any
  /// other line, comments included.
  static func importedModule(_ line: Substring) -> String? {
    let words = line.split(separator: " ")
    guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { return nil }
    let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
    let prefixIsDeclaration = words[..<index].allSatisfy {
      $0.hasPrefix("@") || modifiers.contains($0)
    }
    return prefixIsDeclaration ? String(words[index + 1]) : nil
  }
}
