import CommandLineOptions
import FoundationEssentials
import Settings
import SystemSupport

/// `lyricpip follow` with the desktop. `make install` puts `lyricpip-follow.desktop` in the
/// system's XDG autostart folder, always enabled, running `lyricpip follow --autostart`; that
/// run follows only when the settings file says `follow-autostart = yes`, else it exits 0 at
/// once. So the setting decides, and `--enable-autostart`/`--disable-autostart` only write it.
enum FollowAutostart {
  static let fileName = "lyricpip-follow.desktop"
  /// The settings file's key.
  static let settingKey = SettingKey.followAutostart.name

  /// Sets `follow-autostart` to `yes` or `no` in the settings file, and mends an older user
  /// entry (`mendUserEntry`); returns the settings file's path and the entry's when mended.
  static func set(enabled: Bool, environment: [String: String]) throws -> (
    settings: String, mendedEntry: String?
  ) {
    guard let path = AppConfig.defaultPath(environment: environment) else { throw NoHome() }
    try SettingsFileEdit.set(settingKey, to: enabled ? "yes" : "no", path: path)
    return (path, try mendUserEntry(environment: environment))
  }

  /// The user's own autostart entry of that name, which takes the installed one's place (the
  /// XDG rule: the user's folder wins).
  static func userEntryPath(environment: [String: String]) -> String? {
    XDGDirectories(environment: environment).config.map { $0 + "/autostart/" + fileName }
  }

  /// Older versions' `--enable-autostart` wrote the user's entry with `Exec=lyricpip follow`
  /// and no `--autostart`: it follows at every login whatever the setting says. Such an entry
  /// gets `--autostart` after `follow`, every other line as it was (written atomically);
  /// returns its path when it was changed.
  static func mendUserEntry(environment: [String: String]) throws -> String? {
    guard let path = userEntryPath(environment: environment),
      let data = FileManager.default.contents(atPath: path)
    else { return nil }
    let text = String(decoding: data, as: UTF8.self)
    guard let mended = mended(text), mended != text else { return nil }
    try AtomicFile.write(Data(mended.utf8), to: URL(fileURLWithPath: path))
    return path
  }

  /// `text` with each `Exec=… lyricpip follow …` line lacking `--autostart` given it; nil when
  /// no line runs `lyricpip follow` (an entry of someone else's, left alone).
  static func mended(_ text: String) -> String? {
    var runsFollow = false
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      line -> String in
      guard line.hasPrefix("Exec=") else { return String(line) }
      var words = line.dropFirst("Exec=".count).split(separator: " ").map(String.init)
      guard let follow = words.firstIndex(of: "follow"), follow > 0,
        words[follow - 1] == "lyricpip" || words[follow - 1].hasSuffix("/lyricpip")
      else { return String(line) }
      runsFollow = true
      if !words.contains(Flag.autostart.name) { words.insert(Flag.autostart.name, at: follow + 1) }
      return "Exec=" + words.joined(separator: " ")
    }
    return runsFollow ? lines.joined(separator: "\n") : nil
  }

  struct NoHome: Error, CustomStringConvertible {
    var description: String { "no home folder to keep the settings in" }
  }
}
