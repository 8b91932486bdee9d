import Foundation
import TestSupport
import Testing

@testable import LyricpipApp

/// What `lyricpip follow` reads and writes before it follows anything: its flags, its settings,
/// the saved offsets of each player, the autostart entry.
@Suite struct FollowSetupTests {
  @Test func flagsAreReadAsSpelled() throws {
    let options = try #require(
      try FollowOptions.parse([
        "--player", "mpv", "--no-window", "--events", "-", "--offset=-120", "--offline",
      ]))
    #expect(options.player == "mpv")
    #expect(options.noWindow)
    #expect(options.eventsPath == "-")
    #expect(options.offsetMs == -120)
    #expect(options.offline)
    #expect(try FollowOptions.parse(["--help"]) == nil)
    #expect(try FollowOptions.parse([])?.offsetMs == nil)
    #expect(try FollowOptions.parse(["--enable-autostart"])?.enableAutostart == true)
  }

  @Test func badFlagsNameWhatIsWrong() {
    for (arguments, message) in [
      (["song.mp3"], "follow takes no FILE"), (["--offset", "x"], "--offset needs"),
      (["--player", ""], "--player needs a name"), (["--lyrics", "a.lrc"], "unknown option"),
    ] {
      #expect(throws: PlayOptions.UsageError.self) { try FollowOptions.parse(arguments) }
      do {
        _ = try FollowOptions.parse(arguments)
      } catch {
        #expect(error.description.contains(message), "\(arguments): \(error.description)")
      }
    }
  }

  @Test func settingsFileKeys() {
    let config = AppConfig.parse(
      "follow-ignore = firefox,  KDE Connect ,\nfollow-keep-while-paused = yes\n", file: "config")
    #expect(config.follow.ignored == ["firefox", "KDE Connect"])
    #expect(config.follow.keepWhilePaused)
    #expect(config.warnings.isEmpty)
    let bad = AppConfig.parse("follow-keep-while-paused = maybe\n", file: "config")
    #expect(!bad.follow.keepWhilePaused)
    #expect(
      bad.warnings == [
        "config:1: follow-keep-while-paused must be yes or no, not 'maybe'; keeping the default"
      ])
  }

  @Test func offsetsAreSavedPerPlayerAndKeepTheOthers() throws {
    let folder = try TemporaryDirectory()
    let path = folder.url.appendingPathComponent("state/lyricpip/follow-offsets").path
    try FollowOffsets.save(150, for: "mpv", path: path)
    try FollowOffsets.save(-40, for: "org.mpris.MediaPlayer2.vlc.instance42", path: path)
    try FollowOffsets.save(200, for: "mpv", path: path)
    let offsets = FollowOffsets.load(path: path)
    #expect(offsets.offsetMs(forBusName: "org.mpris.MediaPlayer2.mpv") == 200)
    #expect(offsets.offsetMs(forBusName: "org.mpris.MediaPlayer2.vlc.instance7") == -40)
    #expect(offsets.offsetMs(forBusName: "org.mpris.MediaPlayer2.spotify") == nil)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "mpv = 200\nvlc = -40\n")
    #expect(FollowOffsets.load(path: folder.url.appendingPathComponent("none").path).offsets == [:])
  }

  @Test func enablingTheAutostartWritesTheInstalledEntryWithoutHidden() throws {
    let folder = try TemporaryDirectory()
    let written = try FollowAutostart.enable(environment: [
      "XDG_CONFIG_HOME": folder.url.appendingPathComponent("config").path
    ])
    #expect(
      written == folder.url.appendingPathComponent("config/autostart/lyricpip-follow.desktop").path)
    let user = try String(contentsOfFile: written, encoding: .utf8)
    let installed = try String(
      contentsOfFile: Paths.packageRoot.appendingPathComponent("Assets/lyricpip-follow.desktop")
        .path,
      encoding: .utf8)
    #expect(user + "Hidden=true\n" == installed)
    let check = try ProcessRunner.run("desktop-file-validate", [written])
    #expect(check.status == 0 && check.stdout.isEmpty, "\(check.stdout)")
  }
}
