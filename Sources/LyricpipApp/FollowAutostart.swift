import FoundationEssentials
import SystemSupport

/// `lyricpip follow` with the desktop: `make install` puts `lyricpip-follow.desktop` in the
/// system's XDG autostart folder with `Hidden=true`, which the desktop reads as "not there";
/// `--enable-autostart` writes the user's own copy of the same name without it, which takes its
/// place (the XDG autostart rule: the user's folder wins). Removing that copy, or turning the
/// entry off in the desktop's own autostart settings, disables it again.
enum FollowAutostart {
  static let fileName = "lyricpip-follow.desktop"

  /// The entry, enabled: the installed one is the same with `Hidden=true` added.
  static let enabledEntry = """
    [Desktop Entry]
    Type=Application
    Name=lyricpip follow
    Comment=The lyrics of whatever your music player plays, floating above every window
    Exec=lyricpip follow
    TryExec=lyricpip
    Icon=lyricpip
    Terminal=false
    NoDisplay=true
    X-GNOME-Autostart-enabled=true

    """

  static func userEntryPath(environment: [String: String]) -> String? {
    XDGDirectories(environment: environment).config.map { $0 + "/autostart/" + fileName }
  }

  struct NoHome: Error, CustomStringConvertible {
    var description: String { "no home folder to put the autostart entry in" }
  }

  /// Writes the user's entry; returns its path.
  static func enable(environment: [String: String]) throws -> String {
    guard let path = userEntryPath(environment: environment) else { throw NoHome() }
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try AtomicFile.write(Data(enabledEntry.utf8), to: url)
    return path
  }
}
