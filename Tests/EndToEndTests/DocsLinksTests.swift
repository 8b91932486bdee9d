import Foundation
import TestSupport
import Testing

/// The README and the pages of docs/ link to each other and to the pictures by relative paths. A
/// page that moves or is split must not leave behind a link that leads nowhere or out of the
/// project, and the README stays one page (the manual is in docs/usage.md).
@Suite struct DocsLinksTests {
  static let root = Paths.packageRoot.standardizedFileURL

  /// README.md and every Markdown page of docs/, as paths from the package root.
  static func pages() throws -> [String] {
    let docs = try FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent("docs").path)
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  /// The Markdown of `text` outside code: fenced blocks and `code spans` dropped (lyrics formats
  /// such as YRC write `[1000,2000](1000,400,0)`, which is no link).
  static func prose(of text: String) -> String {
    var inFence = false
    var kept: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.trimmingPrefix(while: \.isWhitespace).hasPrefix("```") {
        inFence.toggle()
      } else if !inFence {
        kept.append(line)
      }
    }
    return kept.joined(separator: "\n").replacing(/`[^`]*`/, with: "")
  }

  /// The targets of the links and pictures in `text` that are paths in the project (not web
  /// addresses, not a `#section` of the same page, not in code), without their `#section`.
  static func localTargets(in text: String) -> [String] {
    prose(of: text).matches(of: /\]\(([^)\s]+)\)/).compactMap { match in
      let target = String(match.output.1)
      if target.contains("://") || target.hasPrefix("mailto:") || target.hasPrefix("#") {
        return nil
      }
      return String(target.prefix { $0 != "#" })
    }
  }

  @Test func localTargetsAreThePathsOfLinksAndPictures() {
    let text = """
      See [usage](docs/usage.md#keys), ![strip](images/strip.png), [LRCLIB](https://lrclib.net)
      and [below](#install); `[1000,2000](1000,400,0)` is YRC.
      ```
      [1000,2000](1000,400,0)Hold
      ```
      """
    #expect(Self.localTargets(in: text) == ["docs/usage.md", "images/strip.png"])
  }

  @Test func everyLocalLinkLeadsToAFileInTheProject() throws {
    let pages = try Self.pages()
    #expect(pages.contains("docs/usage.md") && pages.contains("docs/follow.md"), "\(pages)")
    var checked = 0
    for page in pages {
      let url = Self.root.appendingPathComponent(page)
      let text = try String(contentsOf: url, encoding: .utf8)
      for target in Self.localTargets(in: text) {
        let path = url.deletingLastPathComponent().appendingPathComponent(target)
          .standardizedFileURL.path
        #expect(path.hasPrefix(Self.root.path + "/"), "\(page) links out of the project: \(target)")
        #expect(
          FileManager.default.fileExists(atPath: path), "\(page) links to \(target): not there")
        checked += 1
      }
    }
    // A pattern that stopped matching would pass every page above without looking at a link.
    #expect(checked > 100, "only \(checked) links found")
  }

  @Test func theReadmeIsOnePage() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    #expect(lines <= 150, "the README has \(lines) lines; the manual belongs in docs/usage.md")
  }
}
