import FollowSetup
import Foundation
import RunOptions
import Settings
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
    #expect(try FollowOptions.parse(["--enable-autostart"])?.setAutostart == true)
    #expect(try FollowOptions.parse(["--disable-autostart"])?.setAutostart == false)
    #expect(try FollowOptions.parse([])?.setAutostart == nil)
    #expect(try FollowOptions.parse(["--autostart"])?.autostart == true)
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

  @Test func theAutostartSettingIsReadAndEnablingItKeepsTheRestOfTheFile() throws {
    #expect(!AppConfig.parse("", file: "config").follow.autostart)
    #expect(AppConfig.parse("follow-autostart = true\n", file: "config").follow.autostart)
    #expect(
      AppConfig.parse("follow-autostart = sometimes\n", file: "config").warnings == [
        "config:1: follow-autostart must be yes or no, not 'sometimes'; keeping the default"
      ])
    let folder = try TemporaryDirectory()
    let environment = ["XDG_CONFIG_HOME": folder.url.appendingPathComponent("config").path]
    // No settings file yet: one is made, with the key alone.
    let written = try FollowAutostart.set(enabled: true, environment: environment).settings
    #expect(written == folder.url.appendingPathComponent("config/lyricpip/config").path)
    #expect(try String(contentsOfFile: written, encoding: .utf8) == "follow-autostart = yes\n")
    // A file of the user's: the key's line changes, every other line stays as written.
    let mine =
      "# my settings\nopacity = 0.8\n  Follow-Autostart = no  # off for now\n"
      + "# follow-autostart = no\nlook = karaoke"
    try Data(mine.utf8).write(to: URL(fileURLWithPath: written))
    _ = try FollowAutostart.set(enabled: true, environment: environment)
    #expect(
      try String(contentsOfFile: written, encoding: .utf8)
        == "# my settings\nopacity = 0.8\nfollow-autostart = yes\n# follow-autostart = no\n"
        + "look = karaoke")
    #expect(AppConfig.load(path: written).follow.autostart)
    #expect(
      SettingsFileEdit.setting("follow-autostart", to: "yes", in: "look = karaoke")
        == "look = karaoke\nfollow-autostart = yes\n")
  }

  @Test func theInstalledEntryRunsTheAutostartCheckAndIsValid() throws {
    let installed = Paths.packageRoot.appendingPathComponent("Assets/lyricpip-follow.desktop").path
    let text = try String(contentsOfFile: installed, encoding: .utf8)
    #expect(text.contains("\nExec=lyricpip follow --autostart\n"), "\(text)")
    #expect(!text.contains("Hidden"), "the setting decides, not Hidden: \(text)")
    let check = try ProcessRunner.run("desktop-file-validate", [installed])
    #expect(check.status == 0 && check.stdout.isEmpty, "\(check.stdout)")
  }

  /// What the desktop runs at every login: without the setting it exits 0 at once, before it
  /// looks for a bus (none here) or a display; with it, it goes on (and here finds no bus: 69).
  @Test func autostartFollowsOnlyWhenTheSettingSaysSo() throws {
    let folder = try TemporaryDirectory()
    let environment = [
      "XDG_CONFIG_HOME": folder.url.appendingPathComponent("config").path,
      "DBUS_SESSION_BUS_ADDRESS": "unix:path=" + folder.url.appendingPathComponent("nobus").path,
      "DISPLAY": "",
    ]
    let off = try ProcessRunner.run(
      Paths.lyricpipBinary, ["follow", "--autostart"], environment: environment, timeout: 30)
    #expect(off.status == 0 && off.stderr.isEmpty && off.stdout.isEmpty, "\(off.stderr)")
    let enabled = try ProcessRunner.run(
      Paths.lyricpipBinary, ["follow", "--enable-autostart"], environment: environment,
      timeout: 30)
    #expect(enabled.status == 0, "\(enabled.stderr)")
    #expect(enabled.stdout.contains("follow-autostart = yes"), "\(enabled.stdout)")
    let on = try ProcessRunner.run(
      Paths.lyricpipBinary, ["follow", "--autostart", "--no-window"], environment: environment,
      timeout: 30)
    #expect(on.status == 69, "\(on.stderr)")
    #expect(on.stderr.contains("no session bus"), "\(on.stderr)")
  }

  /// What older versions' `--enable-autostart` wrote into the user's autostart folder.
  static let olderUserEntry = """
    [Desktop Entry]
    Type=Application
    Name=lyricpip follow
    Exec=lyricpip follow
    TryExec=lyricpip
    X-GNOME-Autostart-enabled=true

    """

  @Test func anOlderUserEntryIsMendedToObeyTheSetting() {
    let mended = FollowAutostart.mended(Self.olderUserEntry)
    #expect(
      mended
        == Self.olderUserEntry.replacingOccurrences(
          of: "Exec=lyricpip follow\n", with: "Exec=lyricpip follow --autostart\n"))
    #expect(FollowAutostart.mended(mended ?? "") == mended)
    #expect(
      FollowAutostart.mended("Exec=/usr/bin/lyricpip follow --player spotify\n")
        == "Exec=/usr/bin/lyricpip follow --autostart --player spotify\n")
    // Someone else's entry of that name is left alone.
    #expect(FollowAutostart.mended("[Desktop Entry]\nExec=osdlyrics\n") == nil)
  }

  /// An entry of an older version in the user's folder takes the installed one's place and ran
  /// plain `follow` at every login: both flags rewrite it so the setting decides again.
  @Test func enablingAndDisablingRewriteAnOlderUserEntry() throws {
    let folder = try TemporaryDirectory()
    let config = folder.url.appendingPathComponent("config")
    let autostart = config.appendingPathComponent("autostart")
    try FileManager.default.createDirectory(at: autostart, withIntermediateDirectories: true)
    let entry = autostart.appendingPathComponent(FollowAutostart.fileName)
    try Data(Self.olderUserEntry.utf8).write(to: entry)
    let environment = ["XDG_CONFIG_HOME": config.path, "DISPLAY": ""]
    let disabled = try ProcessRunner.run(
      Paths.lyricpipBinary, ["follow", "--disable-autostart"], environment: environment,
      timeout: 30)
    #expect(disabled.status == 0, "\(disabled.stderr)")
    #expect(disabled.stdout.contains("follow-autostart = no"), "\(disabled.stdout)")
    #expect(disabled.stdout.contains(entry.path), "\(disabled.stdout)")
    let text = try String(contentsOf: entry, encoding: .utf8)
    #expect(text.contains("\nExec=lyricpip follow --autostart\n"), "\(text)")
    #expect(text.contains("\nX-GNOME-Autostart-enabled=true\n"), "\(text)")
    let settings = try String(
      contentsOf: config.appendingPathComponent("lyricpip/config"), encoding: .utf8)
    #expect(settings.contains("follow-autostart = no"), "\(settings)")
    // The mended entry's run exits at once, as the installed one's does.
    let quiet = try ProcessRunner.run(
      Paths.lyricpipBinary, ["follow", "--autostart"], environment: environment, timeout: 30)
    #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    let enabled = try ProcessRunner.run(
      Paths.lyricpipBinary, ["follow", "--enable-autostart"], environment: environment,
      timeout: 30)
    #expect(enabled.status == 0 && !enabled.stdout.contains(entry.path), "\(enabled.stdout)")
    #expect(try String(contentsOf: entry, encoding: .utf8) == text)
  }
}
