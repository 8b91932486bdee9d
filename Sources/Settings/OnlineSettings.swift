import LyricsOnline

/// The online lookup's settings (`online`, `lrclib-url`, `duration-tolerance` in the settings
/// file; `--offline`; `$LYRICPIP_LRCLIB_URL`).
public struct OnlineSettings: Equatable, Sendable {
  /// `online = lrclib` (the default) or `off`.
  public var enabled = true
  /// A self-hosted LRCLIB; nil: the public one.
  public var lrclibURL: String?
  /// How far LRCLIB's duration may be from the track's, in seconds.
  public var durationToleranceSeconds: Double = 2

  public init() {}

  /// The environment variable that names the server, over the settings file (the tests point
  /// it at their own server).
  public static let urlVariable = "LYRICPIP_LRCLIB_URL"

  /// The server to ask: `$LYRICPIP_LRCLIB_URL`, else `lrclib-url`, else lrclib.net.
  public func serverURL(environment: [String: String]) -> String {
    if let url = environment[Self.urlVariable], !url.isEmpty { return url }
    return lrclibURL ?? LRCLIBClient.publicServer
  }
}
