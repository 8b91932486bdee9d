import FoundationEssentials
import LyricsOnline
import Settings
import SystemSupport

/// Builds the lookup the commands use from the settings and the flags.
enum OnlineSetup {
  /// The lookup: with a client for each provider `online` lists, unless it is `off` or
  /// `--offline` (then only the caches are read, and no connection is ever made). A bad server
  /// URL is a warning and no client for that provider. `cache` is LRCLIB's.
  static func lookup(
    _ settings: OnlineSettings, offline: Bool,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> (lookup: OnlineLookup, cache: LyricsCache?) {
    let directories = XDGDirectories(environment: environment)
    let warn: @Sendable (String) -> Void = { printError("warning: \($0)") }
    var caches: [OnlineProvider: LyricsCache] = [:]
    for provider in OnlineProvider.allCases {
      caches[provider] = LyricsCache.standard(
        directories: directories, provider: provider, warn: warn)
    }
    let userAgent = LRCLIBClient.userAgent(version: LyricpipMain.version)
    var clients = ProviderClients.none
    if !offline {
      var enabled: [OnlineProvider] = []
      var lrclib: LRCLIBClient?
      var kugou: KugouClient?
      var netease: NetEaseClient?
      var amll: AMLLClient?
      for provider in settings.providers {
        let url = settings.url(of: provider, environment: environment)
        do {
          switch provider {
          case .lrclib: lrclib = try LRCLIBClient(baseURL: url, userAgent: userAgent)
          case .kugou: kugou = try KugouClient(baseURL: url, userAgent: userAgent)
          case .netease: netease = try NetEaseClient(baseURL: url, userAgent: userAgent)
          case .amll:
            amll = try AMLLClient(
              baseURL: url, userAgent: userAgent,
              cache: AMLLIndexCache.standard(directories: directories, warn: warn), warn: warn)
          }
          enabled.append(provider)
        } catch {
          printError(
            "warning: \(provider.displayName) server: \(error); it is not asked for lyrics")
        }
      }
      clients = ProviderClients(
        order: enabled, lrclib: lrclib, kugou: kugou, netease: netease, amll: amll)
    }
    let lookup = OnlineLookup(
      providers: clients, caches: caches,
      settings: .init(
        enabled: !clients.order.isEmpty, toleranceSeconds: settings.durationToleranceSeconds),
      clock: SystemClock(),
      beforeFirstRequest: { provider in
        OnlineNotice.showOnce(
          server: settings.url(of: provider, environment: environment), provider: provider,
          environment: environment)
      })
    return (lookup, caches[.lrclib])
  }
}
