import Foundation
import TestSupport
import Testing

/// `play` with the windows, run as a user would.
@Suite(.timeLimit(.minutes(5))) struct WindowPlayTests {
  let audio = Paths.packageRoot.appendingPathComponent("Assets/demo.ogg").path
  let lyrics = Paths.packageRoot.appendingPathComponent("Lyrics/demo.lrc").path

  @Test func withoutADisplayPlayExits69AndSuggestsNoWindow() throws {
    let result = try ProcessRunner.run(
      Paths.lyricpipBinary, ["play", "--audio", "null", audio, "--lyrics", lyrics],
      environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""], timeout: 30)
    #expect(result.status == 69)
    #expect(result.stderr.contains("--no-window"), "\(result.stderr)")
    #expect(!result.endedBySignal)
  }

  @Test(.enabled(if: Service.x11.shouldRun))
  func pipShowsTheLinesAndEndsWithTheTrack() throws {
    // The last seconds of the demo: its last lines come up in the strip, then play ends.
    let result = try ProcessRunner.run(
      Paths.lyricpipBinary,
      [
        "play", "--pip", "--audio", "null", audio, "--lyrics", lyrics, "--start", "28",
        "--events", "-",
      ], timeout: 60)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").filter { $0.contains(#""event":"line""#) }
    #expect(lines.count >= 1, "\(result.stdout)")
    #expect(result.stdout.contains(#""state":"ended""#))
  }

  @Test(.enabled(if: Service.x11.shouldRun))
  func screenshotWritesAPictureOfTheStripOnceALineIsUp() throws {
    let directory = try Paths.makeTemporaryDirectory()
    let path = directory.appendingPathComponent("strip.png").path
    let result = try ProcessRunner.run(
      Paths.lyricpipBinary,
      [
        "play", "--pip", "--audio", "null", audio, "--lyrics", lyrics, "--start", "30",
        "--exit-at-end", "--screenshot", path,
      ], timeout: 60)
    #expect(result.status == 0, "\(result.stderr)")
    let size = try ProcessRunner.run("identify", ["-format", "%w %h", path]).stdout
    #expect(size == "960 192", "\(size)")
  }

  @Test(.enabled(if: Service.x11.shouldRun))
  func aFontThatIsNotInstalledGivesAWarningAndTheFallback() throws {
    let result = try ProcessRunner.run(
      Paths.lyricpipBinary,
      [
        "play", "--pip", "--audio", "null", audio, "--lyrics", lyrics, "--start", "34",
        "--exit-at-end", "--font", "No Such Font 42", "--controls", "full",
      ], timeout: 60)
    #expect(result.status == 0, "\(result.stderr)")
    let warnings = result.stderr.split(separator: "\n").filter { $0.contains("No Such Font 42") }
    #expect(warnings.count == 1, "\(result.stderr)")
  }

  @Test func badStripSettingsAreUsageErrors() throws {
    for arguments in [["--controls", "some"], ["--opacity", "2"], ["--font-size", "0"]] {
      let result = try ProcessRunner.run(
        Paths.lyricpipBinary, ["play", "--audio", "null", audio] + arguments, timeout: 30)
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(arguments[0]), "\(result.stderr)")
    }
  }
}
