import FoundationEssentials
import SystemSupport

/// `lyricpip follow` with the desktop. `make install` puts `lyricpip-follow.desktop` in the
/// system's XDG autostart folder, always enabled, running `lyricpip follow --autostart`; that
/// run follows only when the settings file says `follow-autostart = yes`, else it exits 0 at
/// once. So the setting decides, and `--enable-autostart` only writes it.
enum FollowAutostart {
  static let fileName = "lyricpip-follow.desktop"
  /// The settings file's key.
  static let settingKey = "follow-autostart"

  /// Sets `follow-autostart = yes` in the settings file; returns the file's path.
  static func enable(environment: [String: String]) throws -> String {
    guard let path = AppConfig.defaultPath(environment: environment) else { throw NoHome() }
    try SettingsFileEdit.set(settingKey, to: "yes", path: path)
    return path
  }

  struct NoHome: Error, CustomStringConvertible {
    var description: String { "no home folder to keep the settings in" }
  }
}
