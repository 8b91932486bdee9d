import Foundation
import LyricpipApp
import SessionWiring
import TestSupport
import Testing

@testable import SyncScripts

/// The fixture scripts run in virtual time through the real Player, SyncScheduler and session:
/// each transcript must equal its golden file byte for byte, on every run.
/// To remake a golden after a deliberate change: `lyricpip script X.script > X.transcript`, and
/// read the difference before committing it.
@Suite(.tags(.sanitized)) struct GoldenScriptTests {
  static let folder = Paths.fixtures.appendingPathComponent("scripts")

  static let names = [
    "pause", "seek", "offset", "focus-loss", "minimize", "restore", "end-of-track",
    "reenter-ten-times", "wayland", "paused-entry", "minute",
  ]

  static func run(_ name: String) throws -> ScriptRun.Outcome {
    let url = folder.appendingPathComponent("\(name).script")
    let script = try SyncScriptParser.parse(try String(contentsOf: url, encoding: .utf8))
    return try ScriptRun.execute(script, folder: folder, media: PlayerMedia())
  }

  @Test(arguments: names)
  func transcriptEqualsTheGoldenAndEveryExpectationHolds(name: String) throws {
    let outcome = try Self.run(name)
    #expect(outcome.failures.isEmpty, "\(outcome.failures)")
    let golden = try Data(
      contentsOf: Self.folder.appendingPathComponent("\(name).transcript"))
    #expect(Data(outcome.transcript.utf8) == golden, "\(name): transcript differs from golden")
  }

  @Test(arguments: names)
  func twoRunsGiveTheSameBytes(name: String) throws {
    #expect(try Self.run(name).transcript == Self.run(name).transcript)
  }

  @Test func reenteringTenTimesStartsAndStopsTenTimes() throws {
    let lines = try Self.run("reenter-ten-times").transcript.split(separator: "\n")
    #expect(lines.filter { $0.contains("\"state\":\"didStart\"") }.count == 10)
    #expect(lines.filter { $0.contains("\"state\":\"didStop\"") }.count == 10)
    #expect(lines.filter { $0.contains("\"state\":\"restore\"") }.count == 10)
  }
}
