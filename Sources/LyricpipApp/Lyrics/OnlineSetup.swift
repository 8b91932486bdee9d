import FoundationEssentials
import LyricsOnline
import Settings
import SystemSupport

/// Builds the lookup the commands use from the settings and the flags.
enum OnlineSetup {
  /// The lookup: with a client unless `online = off` or `--offline` (then only the cache is
  /// read, and no connection is ever made). A bad server URL is a warning and no client.
  static func lookup(
    _ settings: OnlineSettings, offline: Bool,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> (lookup: OnlineLookup, cache: LyricsCache?) {
    let cache = LyricsCache.standard(
      directories: XDGDirectories(environment: environment),
      warn: { printError("warning: \($0)") })
    var client: LRCLIBClient?
    if settings.enabled && !offline {
      let url = settings.serverURL(environment: environment)
      do {
        client = try LRCLIBClient(
          baseURL: url, userAgent: LRCLIBClient.userAgent(version: LyricpipMain.version))
      } catch {
        printError("warning: lyrics server: \(error); the online lookup is off")
      }
    }
    let server = settings.serverURL(environment: environment)
    let lookup = OnlineLookup(
      client: client, cache: cache,
      settings: .init(
        enabled: client != nil, toleranceSeconds: settings.durationToleranceSeconds),
      clock: SystemClock(),
      beforeFirstRequest: { OnlineNotice.showOnce(server: server, environment: environment) })
    return (lookup, cache)
  }
}
