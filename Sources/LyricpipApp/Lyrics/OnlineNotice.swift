import CommandLineOptions
import FoundationEssentials
import LyricsOnline
import Settings
import SystemSupport

/// The one-time notice of what the online lookup sends and to whom, shown the first time a
/// lookup is about to reach a provider: once per provider, a marker file in the state folder
/// remembering each (LRCLIB's keeps the name it had when it was the only one).
enum OnlineNotice {
  static func text(server: String, provider: OnlineProvider = .lrclib) -> String {
    let off =
      "leaving it out of `\(SettingKey.online.name)` in the settings file turns it off, and `"
      + "\(SettingKey.online.name) = off` or \(Flag.offline) every lookup (this notice is shown once)"
    switch provider {
    case .lrclib:
      return "looking up lyrics online: for a track with no lyrics on this computer, its title, "
        + "artist, album and duration are sent to \(server) (LRCLIB); `\(SettingKey.online.name) = "
        + "off` in the settings file or \(Flag.offline) turns this off (this notice is shown once)"
    case .kugou:
      return "looking up lyrics on Kugou: for a track with no lyrics on this computer, its artist, "
        + "title and duration are sent to \(server) (Kugou's lyrics host, not a published API: "
        + "it may change or refuse); " + off
    case .netease:
      return "looking up lyrics on NetEase: for a track with no lyrics on this computer, its "
        + "title and artist, then the id of the song it found, are sent to \(server) (NetEase "
        + "Cloud Music, not a published API: it may change or refuse); " + off
    case .amll:
      return "looking up lyrics in the AMLL TTML database: its index is fetched from \(server) "
        + "(at most weekly) and searched on this computer; only the lyrics file of a song found "
        + "is then asked for; " + off
    }
  }

  /// The marker file's name of a provider.
  static func markerName(_ provider: OnlineProvider) -> String {
    provider == .lrclib ? "online-notice-shown" : "online-notice-shown-\(provider.rawValue)"
  }

  /// Prints the notice unless it was shown before (or no state folder is known).
  static func showOnce(
    server: String, provider: OnlineProvider = .lrclib,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    guard let state = XDGDirectories(environment: environment).state else { return }
    let folder = state + "/lyricpip"
    let marker = folder + "/" + markerName(provider)
    guard FileKind.at(marker) == .missing else { return }
    printError(text(server: server, provider: provider))
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try? AtomicFile.write(Data((server + "\n").utf8), to: URL(fileURLWithPath: marker))
  }
}
