import LyricsOnline

/// The online lookup's settings (`online`, `lrclib-url`, `kugou-url`, `netease-url`, `amll-url`,
/// `duration-tolerance` in the settings file; `--offline`; the `LYRICPIP_*_URL` variables).
public struct OnlineSettings: Equatable, Sendable {
  /// `online = lrclib, kugou, …`: the providers asked, in order of preference (the order only
  /// breaks ties of the ranking); empty for `off`. The default is LRCLIB alone.
  public var providers: [OnlineProvider] = [.lrclib]
  /// A self-hosted LRCLIB; nil: the public one.
  public var lrclibURL: String?
  /// Another Kugou lyrics host; nil: the public one.
  public var kugouURL: String?
  /// Another NetEase host; nil: the public one.
  public var neteaseURL: String?
  /// Another raw-file mirror of the AMLL TTML database; nil: `defaultAMLLMirror`.
  public var amllURL: String?
  /// How far a candidate's duration may be from the track's, in seconds.
  public var durationToleranceSeconds: Double = 2

  public init() {}

  /// Whether any provider is asked (`online = off` asks none).
  public var enabled: Bool { !providers.isEmpty }

  /// The environment variable that names LRCLIB's server, over the settings file (the tests
  /// point it at their own server).
  public static let urlVariable = "LYRICPIP_LRCLIB_URL"

  /// The raw-file mirror of the AMLL TTML database asked when `amll-url` is not set: the
  /// database's own repository as GitHub serves its files.
  public static let defaultAMLLMirror =
    "https://raw.githubusercontent.com/amll-dev/amll-ttml-db/main"

  /// The environment variable that names a provider's server, over its setting.
  public static func urlVariable(of provider: OnlineProvider) -> String {
    "LYRICPIP_\(provider.rawValue.uppercased())_URL"
  }

  /// LRCLIB's server: `$LYRICPIP_LRCLIB_URL`, else `lrclib-url`, else lrclib.net.
  public func serverURL(environment: [String: String]) -> String {
    url(of: .lrclib, environment: environment)
  }

  /// The server of `provider`: its environment variable, else its setting, else its public one.
  public func url(of provider: OnlineProvider, environment: [String: String]) -> String {
    if let url = environment[Self.urlVariable(of: provider)], !url.isEmpty { return url }
    switch provider {
    case .lrclib: return lrclibURL ?? LRCLIBClient.publicServer
    case .kugou: return kugouURL ?? KugouClient.publicServer
    case .netease: return neteaseURL ?? NetEaseClient.publicServer
    case .amll: return amllURL ?? Self.defaultAMLLMirror
    }
  }
}
