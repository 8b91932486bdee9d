import LyricsCore

/// The settings file's keys for `lyricpip follow`.
public struct FollowSettings: Equatable, Sendable {
  /// `follow-ignore = NAME, NAME…`: players never followed (bus-name suffix or Identity).
  public var ignored: [String] = []
  /// `follow-keep-while-paused = yes|no`: the strip stays up while the followed player is
  /// paused (else it hides until it plays again).
  public var keepWhilePaused = false
  /// `follow-autostart = yes|no`: whether the desktop's autostart entry (`follow --autostart`)
  /// really follows; `--enable-autostart` sets it.
  public var autostart = false

  public init() {}

  /// The names of a `follow-ignore` value: comma-separated, blanks around them dropped.
  public static func names(_ value: String) -> [String] {
    value.split(separator: ",").map { String($0).trimmingSpacesAndTabs() }.filter { !$0.isEmpty }
  }
}
