import Foundation
import TestSupport
import Testing

/// `lyricpip script` as a user runs it: output, messages and exit statuses of the built binary.
@Suite(.tags(.sanitized), .timeLimit(.minutes(5))) struct ScriptCommandTests {
  static let scripts = Paths.syncScripts

  func run(_ arguments: [String]) throws -> ProcessResult {
    let result = try ProcessRunner.run(Paths.lyricpipBinary, ["script"] + arguments, timeout: 30)
    #expect(!result.endedBySignal)
    return result
  }

  /// A script in a fresh folder next to a copy of the fixture lyrics.
  func write(_ text: String) throws -> String {
    let folder = try Paths.makeTemporaryDirectory()
    try FileManager.default.copyItem(
      at: Self.scripts.appendingPathComponent("song.lrc"),
      to: folder.appendingPathComponent("song.lrc"))
    let url = folder.appendingPathComponent("test.script")
    try Data(text.utf8).write(to: url)
    return url.path
  }

  @Test func aPassingScriptPrintsItsTranscriptAndExitsZero() throws {
    let path = Self.scripts.appendingPathComponent("focus-loss.script").path
    let result = try run([path])
    #expect(result.status == 0)
    let golden = try String(
      contentsOf: Self.scripts.appendingPathComponent("focus-loss.transcript"), encoding: .utf8)
    #expect(result.stdout == golden)
    #expect(result.stderr.isEmpty)
  }

  @Test func aFailedExpectationIsReportedWithItsLineAndExitsOne() throws {
    let path = try write("lyrics song.lrc\nat 0 play\nexpect 3.5 line 0\nexpect 4 pip active\n")
    let result = try run([path])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "script:3: expected line 0, got line 1\nscript:4: expected pip active, got pip inactive\n"
    )
    #expect(result.stdout.hasPrefix("{\"event\":\"ready\""))
  }

  @Test func badSyntaxExitsSixtyFourWithTheLine() throws {
    let result = try run([try write("lyrics song.lrc\nat 1 jump\n")])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("script:2: unknown action 'jump'"))
    #expect(result.stdout.isEmpty)
  }

  @Test func aMissingScriptExitsTwo() throws {
    let result = try run(["/nonexistent/x.script"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("/nonexistent/x.script"))
  }

  @Test func aDirectoryExitsTwo() throws {
    let result = try run([Self.scripts.path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("directory"))
  }

  @Test func missingLyricsExitTwoAndNameTheFile() throws {
    let result = try run([try write("lyrics nothere.lrc\nat 0 play\n")])
    #expect(result.status == 2)
    #expect(result.stderr.contains("nothere.lrc"))
  }

  @Test func audioThatIsNotAudioExitsTwo() throws {
    let path = try write("lyrics song.lrc\naudio song.lrc\nat 0 play\n")
    let result = try run([path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("song.lrc"))
  }

  @Test func wrongArgumentsAreUsageErrors() throws {
    #expect(try run([]).status == 64)
    #expect(try run(["a", "b"]).status == 64)
  }

  @Test func binaryGarbageIsNotACrash() throws {
    let folder = try Paths.makeTemporaryDirectory()
    let url = folder.appendingPathComponent("garbage.script")
    try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: url)
    let result = try run([url.path])
    #expect([2, 64].contains(result.status))
    #expect(!result.stderr.isEmpty)
  }
}
