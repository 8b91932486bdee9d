import LyricsCore

/// The settings file's keys for `lyricpip follow`.
struct FollowSettings: Equatable, Sendable {
  /// `follow-ignore = NAME, NAME…`: players never followed (bus-name suffix or Identity).
  var ignored: [String] = []
  /// `follow-keep-while-paused = yes|no`: the strip stays up while the followed player is
  /// paused (else it hides until it plays again).
  var keepWhilePaused = false
  /// `follow-autostart = yes|no`: whether the desktop's autostart entry (`follow --autostart`)
  /// really follows; `--enable-autostart` sets it.
  var autostart = false

  /// The names of a `follow-ignore` value: comma-separated, blanks around them dropped.
  static func names(_ value: String) -> [String] {
    value.split(separator: ",").map { String($0).trimmingSpacesAndTabs() }.filter { !$0.isEmpty }
  }
}
