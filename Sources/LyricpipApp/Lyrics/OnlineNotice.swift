import CommandLineOptions
import FoundationEssentials
import Settings
import SystemSupport

/// The one-time notice of what the online lookup sends and to whom, shown the first time a
/// lookup is about to reach the network; a marker file in the state folder remembers it.
enum OnlineNotice {
  static func text(server: String) -> String {
    "looking up lyrics online: for a track with no lyrics on this computer, its title, artist, "
      + "album and duration are sent to \(server) (LRCLIB); `\(SettingKey.online.name) = off` in the settings "
      + "file or \(Flag.offline) turns this off (this notice is shown once)"
  }

  /// Prints the notice unless it was shown before (or no state folder is known).
  static func showOnce(
    server: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    guard let state = XDGDirectories(environment: environment).state else { return }
    let folder = state + "/lyricpip"
    let marker = folder + "/online-notice-shown"
    guard FileKind.at(marker) == .missing else { return }
    printError(text(server: server))
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try? AtomicFile.write(Data((server + "\n").utf8), to: URL(fileURLWithPath: marker))
  }
}
