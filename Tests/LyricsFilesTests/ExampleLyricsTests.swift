import Foundation
import TestSupport
import Testing

@testable import LyricsCore
@testable import LyricsFiles

/// The example files shipped in `Lyrics/examples` read as their README says.
@Suite("Shipped example lyrics")
struct ExampleLyricsTests {
  static let directory = Paths.packageRoot.appendingPathComponent("Lyrics/examples")

  func check(_ name: String) throws -> LyricsCheck.Report {
    try LyricsCheck.check(path: Self.directory.appendingPathComponent(name).path)
  }

  @Test(
    "the examples of valid forms read without a diagnostic",
    arguments: [
      "basic.lrc", "time-forms.lrc", "enhanced.lrc", "bilingual.lrc", "offset-and-comments.lrc",
    ])
  func valid(name: String) throws {
    let report = try check(name)
    #expect(report.diagnostics.isEmpty)
    #expect(!report.failed)
  }

  @Test("the GBK example is the UTF-8 one in another encoding")
  func gbkMatchesUTF8() throws {
    let gbk = try check("bilingual.gbk.lrc")
    #expect(gbk.encoding == "GB18030")
    // Not UTF, so the encoding is a guess, and the one diagnostic names it.
    #expect(gbk.diagnostics.map(\.severity) == [.warning])
    #expect(gbk.diagnostics.first?.message.contains("GB18030") == true)
    #expect(!gbk.failed)
    #expect(gbk.lyrics == (try check("bilingual.lrc")).lyrics)
    #expect(gbk.lyrics.lines.first?.translation == "You ask me how deeply I love you")
  }

  @Test("the time forms example gives the documented times")
  func timeForms() throws {
    let lines = try check("time-forms.lrc").lyrics.lines
    #expect(
      lines.map(\.ms) == [
        -500, 1000, 2500, 3050, 4005, 5123, 6500, 7500, 8000, 9000, 10_000, 720_000,
      ])
  }

  @Test("the diagnostics example reports what it says, and fails the check")
  func diagnostics() throws {
    let report = try check("diagnostics.lrc")
    #expect(report.failed)
    #expect(report.diagnostics.map(\.line) == [3, 4, 6, 7, 8])
    #expect(report.errorCount == 1)
  }
}
