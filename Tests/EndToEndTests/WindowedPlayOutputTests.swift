import Foundation
import TestSupport
import Testing

/// What the windowed player leaves behind and how it fails: the `--screenshot` picture, the saved
/// state, the settings' warnings, no display, and `--no-window` untouched by all of it.
@Suite(.timeLimit(.minutes(5))) struct WindowedPlayOutputTests {
  static let demoLyrics = Paths.packageRoot.appendingPathComponent("Lyrics/demo.lrc").path
  static let placeholder = Paths.packageRoot.appendingPathComponent("Assets/pip-placeholder.png")
    .path

  /// The share of pixels brighter than mid-grey in the middle band of a picture (where the
  /// strip draws the current line).
  func brightShareOfTextBand(_ png: String) throws -> Double {
    try GrayImage(png: png).brightShare(rows: 0.15...0.65, columns: 0.1...0.9, threshold: 128)
  }

  @Test(.enabled(if: Service.x11.shouldRun))
  func pipScreenshotShowsTheLine() throws {
    let desktop = try PrivateDesktop()
    let folder = try Paths.makeTemporaryDirectory()
    let picture = folder.appendingPathComponent("strip.png").path
    let player = try PlayProcess(
      ["--pip", "--start", "2.3", "--screenshot", picture], display: desktop.display,
      folder: folder)
    #expect(
      poll(timeout: 15) { FileManager.default.fileExists(atPath: picture) },
      "no screenshot: \(player.stderr)")
    // The player goes on after the picture.
    #expect(player.process.isRunning)
    let end = player.terminate()
    #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
    let text = try brightShareOfTextBand(picture)
    let background = try brightShareOfTextBand(Self.placeholder)
    #expect(text > background + 0.01, "text \(text), placeholder alone \(background)")
  }

  @Test(.enabled(if: Service.x11.shouldRun))
  func stripPlaceAndOffsetAreSavedAndRestoredAndTheLyricsFileIsUntouched() throws {
    let desktop = try PrivateDesktop()
    let folder = try Paths.makeTemporaryDirectory()
    let stateFolder = folder.appendingPathComponent("state/lyricpip")
    try FileManager.default.createDirectory(at: stateFolder, withIntermediateDirectories: true)
    let stateFile = stateFolder.appendingPathComponent("state.json")
    let state =
      #"{"format":"lyricpip-state","version":1,"strip":{"x":100,"y":60,"width":640,"height":1},"#
      + #""trackOffsetsMs":{}}"#
    try Data(state.utf8).write(to: stateFile)
    let lyricsBefore = try Data(contentsOf: URL(fileURLWithPath: Self.demoLyrics))

    let player = try PlayProcess(
      ["--pip", "--start", "2.3"], display: desktop.display, folder: folder)
    #expect(player.waitForPip("didStart") != nil, "\(player.stderr)")
    let strip = try #require(
      desktop.window(ofProcess: player.pid, named: "^lyricpip lyrics$"))
    let geometry = try desktop.geometry(strip)
    #expect(geometry["X"] == 100 && geometry["Y"] == 60 && geometry["WIDTH"] == 640, "\(geometry)")
    // The height follows the placeholder's aspect (2000×400), not the saved number.
    #expect(geometry["HEIGHT"] == 128, "\(geometry)")

    // `+` on the strip: a live offset change of 100 ms.
    try desktop.run("xdotool", ["windowactivate", "--sync", strip])
    try desktop.run("xdotool", ["key", "--window", strip, "plus"])
    let offset = player.waitForEvent { $0["event"] as? String == "offset" }
    #expect(offset?["offsetMs"] as? Int == 100, "\(player.events().suffix(3))")
    let end = player.terminate()
    #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
    #expect(!player.stderr.contains("state file"), "\(player.stderr)")

    let saved = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: stateFile)) as? [String: Any])
    let offsets = saved["trackOffsetsMs"] as? [String: Int] ?? [:]
    #expect(offsets.values.contains(100), "\(saved)")
    let savedStrip = saved["strip"] as? [String: Int] ?? [:]
    #expect(savedStrip["width"] == 640, "\(saved)")
    let last = saved["lastTrack"] as? [String: Any] ?? [:]
    #expect((last["path"] as? String ?? "").hasSuffix("demo.ogg"), "\(saved)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: Self.demoLyrics)) == lyricsBefore)
  }

  @Test(.enabled(if: Service.x11.shouldRun))
  func theLastTrackResumesWhereItWasLeft() throws {
    let desktop = try PrivateDesktop()
    let folder = try Paths.makeTemporaryDirectory()
    // First run: from 20 s; quitting (SIGTERM) saves where it was.
    let first = try PlayProcess(
      ["--pip", "--start", "20"], display: desktop.display, folder: folder)
    let line = first.waitForEvent {
      $0["event"] as? String == "line" && ($0["index"] as? Int ?? -1) >= 0
    }
    #expect(line != nil, "\(first.stderr)")
    let end = first.terminate()
    #expect(end.status == 0 && !end.bySignal, "\(first.stderr)")

    // Second run of the same track with no --start: on from there, not from the beginning.
    // (A folder of its own for its events, so the first run's cannot be read as its own.)
    let second = try PlayProcess(
      ["--pip"], display: desktop.display, folder: try Paths.makeTemporaryDirectory(),
      environment: ["XDG_STATE_HOME": folder.appendingPathComponent("state").path])
    let playing = second.waitForEvent {
      $0["event"] as? String == "state" && $0["state"] as? String == "playing"
    }
    #expect((playing?["posMs"] as? Int ?? 0) >= 20_000, "\(second.events().prefix(3))")
    #expect(second.stderr.contains("resuming"), "\(second.stderr)")
    let secondEnd = second.terminate()
    #expect(secondEnd.status == 0 && !secondEnd.bySignal, "\(second.stderr)")
  }

  /// SIGTERM while the player is still starting (its events file just made, the window loop not
  /// yet running) quits as cleanly as later: exit 0, the state saved. A session logout or a
  /// script may end it at any moment.
  @Test(.enabled(if: Service.x11.shouldRun))
  func sigtermWhileStartingQuitsCleanly() throws {
    let desktop = try PrivateDesktop()
    let folder = try Paths.makeTemporaryDirectory()
    let player = try PlayProcess(
      ["--pip", "--start", "20"], display: desktop.display, folder: folder)
    // Polled tightly: the signal must land in the few milliseconds of start-up.
    _ = poll(timeout: 15, interval: 0.0005) {
      FileManager.default.fileExists(atPath: player.eventsPath) || !player.process.isRunning
    }
    #expect(FileManager.default.fileExists(atPath: player.eventsPath), "\(player.stderr)")
    let end = player.terminate()
    #expect(end.status == 0 && !end.bySignal, "status \(end.status): \(player.stderr)")
    let saved = try #require(player.savedState())
    let last = saved["lastTrack"] as? [String: Any] ?? [:]
    #expect((last["path"] as? String ?? "").hasSuffix("demo.ogg"), "\(saved)")
  }

  /// A copy installed in part: `bin/lyricpip` with no `share/lyricpip` beside it, so the strip's
  /// placeholder picture is nowhere it looks. The windows cannot be made without it: exit 69
  /// with a sentence that names the file and what still works, not a raw Foundation error.
  @Test(.enabled(if: Service.x11.shouldRun))
  func aMissingPlaceholderPictureIsNamedWithWhatStillWorks() throws {
    let desktop = try PrivateDesktop()
    let folder = try Paths.makeTemporaryDirectory()
    let bin = folder.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let binary = bin.appendingPathComponent("lyricpip").path
    try FileManager.default.copyItem(atPath: Paths.lyricpipBinary, toPath: binary)
    try FileManager.default.copyItem(
      atPath: Paths.playerBinary, toPath: bin.appendingPathComponent("lyricpip-player").path)
    // Run from `folder`: the last place looked in is `Assets/` in the current directory.
    let missing = folder.appendingPathComponent("Assets/pip-placeholder.png").path
    let tone = folder.appendingPathComponent("tone.ogg").path
    try ToneFile.write(to: tone, seconds: 1)
    let result = try ProcessRunner.run(
      "/usr/bin/env",
      [
        "-C", folder.path, binary, "play", tone, "--audio", "null", "--offline",
        // A desktop launch (no --events) would hand its file to a player another test runs.
        "--new-instance",
      ],
      environment: [
        "DISPLAY": desktop.display, "LYRICPIP_ASSETS": "", "LYRICPIP_DATA": "",
        "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
        "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
      ], timeout: 30)
    #expect(result.status == 69, "\(result.stderr)")
    #expect(!result.endedBySignal)
    #expect(
      result.stderr.contains("the strip's placeholder picture \(missing) is missing"),
      "\(result.stderr)")
    #expect(result.stderr.contains("--no-window plays without it"), "\(result.stderr)")
    #expect(!result.stderr.contains("CocoaError"), "\(result.stderr)")
  }

  @Test func noDisplayExits69SuggestingNoWindowAndNamesABadSettingsLine() throws {
    let folder = try Paths.makeTemporaryDirectory()
    let config = folder.appendingPathComponent("config/lyricpip")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try Data("opacity = 0.9\ncontrols = loud\n".utf8).write(
      to: config.appendingPathComponent("config"))
    let result = try ProcessRunner.run(
      Paths.lyricpipBinary, ["play", "--audio", "null"],
      environment: [
        "DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "",
        "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
        "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
      ], timeout: 30)
    #expect(result.status == 69)
    #expect(!result.endedBySignal)
    #expect(result.stderr.contains("--no-window"), "\(result.stderr)")
    #expect(result.stderr.contains("lyricpip/config:2: controls"), "\(result.stderr)")
  }

  @Test func noWindowNeedsNoDisplayAndWritesNoPipEvents() throws {
    let folder = try Paths.makeTemporaryDirectory()
    let result = try ProcessRunner.run(
      Paths.lyricpipBinary,
      ["play", "--no-window", "--audio", "null", "--start", "33", "--events", "-"],
      environment: [
        "DISPLAY": "", "WAYLAND_DISPLAY": "",
        "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
        "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
      ], timeout: 30)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(#""event":"line""#), "\(result.stdout)")
    #expect(result.stdout.contains(#""state":"ended""#), "\(result.stdout)")
    #expect(!result.stdout.contains(#""event":"pip""#))
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("state").path))
  }

  @Test func screenshotWithNoWindowIsABadUsage() throws {
    let result = try ProcessRunner.run(
      Paths.lyricpipBinary, ["play", "--no-window", "--screenshot", "/tmp/x.png"], timeout: 30)
    #expect(result.status == 64)
    #expect(result.stderr.contains("--screenshot"))
  }
}
