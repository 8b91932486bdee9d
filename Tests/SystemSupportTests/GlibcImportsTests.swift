import Foundation
import TestSupport
import Testing

/// The system boundary: Glibc is imported only in SystemSupport, which wraps what the program
/// asks of the system (typed errors, interrupted calls retried, one write loop), and in the
/// `*Calls.swift` files that call a C library whose interface needs it. Elsewhere a new need is
/// wrapped in SystemSupport, not met by one more import.
@Suite struct GlibcImportsTests {
  /// Whether a source file may import Glibc: the rule, not a list of files.
  static func mayImportGlibc(_ path: String) -> Bool {
    path.hasPrefix("Sources/SystemSupport/") || path.hasSuffix("Calls.swift")
  }

  @Test func onlySystemSupportAndCallsFilesImportGlibc() throws {
    let root = Paths.packageRoot
    let sources = root.appendingPathComponent("Sources")
    let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count > 100)
    var importers: [String] = []
    for file in files {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      if text.split(separator: "\n").contains(where: { Self.importsGlibc($0) }) {
        importers.append("Sources/" + file)
      }
    }
    #expect(importers.contains("Sources/SystemSupport/SystemCalls.swift"))
    let stray = importers.filter { !Self.mayImportGlibc($0) }.sorted()
    #expect(stray.isEmpty, "import Glibc outside SystemSupport and *Calls.swift: \(stray)")
  }

  @Test func theRuleAndTheLineReader() {
    #expect(Self.mayImportGlibc("Sources/SystemSupport/AtomicFile.swift"))
    #expect(Self.mayImportGlibc("Sources/Playback/Outputs/PulseCalls.swift"))
    #expect(!Self.mayImportGlibc("Sources/Playback/Outputs/PulseOutput.swift"))
    #expect(Self.importsGlibc("import Glibc"))
    #expect(Self.importsGlibc("  @preconcurrency internal import Glibc"))
    #expect(!Self.importsGlibc("// import Glibc"))
    #expect(!Self.importsGlibc("import GlibcShim"))
  }

  /// Whether `line` is an import of Glibc (with attributes or an access level, indented inside
  /// an `#if`); a comment is not.
  static func importsGlibc(_ line: Substring) -> Bool {
    let words = line.split(separator: " ")
    guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { return false }
    let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
    let declaration = words[..<index].allSatisfy { $0.hasPrefix("@") || modifiers.contains($0) }
    return declaration && words[index + 1] == "Glibc"
  }
}
