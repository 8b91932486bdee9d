import FoundationEssentials
import PlayerContract
import Session
import Surface
import SystemSupport
import WaylandStrip

/// The user's settings, from `$XDG_CONFIG_HOME/lyricpip/config` (`~/.config/lyricpip/config`
/// when unset or not absolute): simple `key = value` lines, `#` starts a comment (but a `#`
/// opening a value such as `#FFCE54` is a colour). A line that cannot be understood costs that
/// line only: a warning naming `file:line`, and the default for that key. The keys, their values
/// and who reads them are the table `SettingKey.all`; docs/settings.md describes each.
public struct AppConfig: Equatable, Sendable {
  public var strip = StripSettings()
  public var pip = PiPSettings()
  public var online = OnlineSettings()
  public var follow = FollowSettings()
  /// `locked = yes|no`: whether the strip starts locked. nil when the file does not say: then
  /// the strip starts as it was at the last exit (the saved state), else unlocked.
  public var locked: Bool?
  /// `lock-shortcut`: the key that locks and unlocks the strip from any program (X11); nil when
  /// the file says `none`.
  public var lockShortcut: GlobalShortcut? = .defaultLock
  /// `hide-when-paused`, `hide-when-fullscreen`: what holds the strip off screen while
  /// picture-in-picture goes on.
  public var stripRules = StripVisibility()
  /// `fade-on-hover`: the strip fades while the pointer is over it (unlocked).
  public var fadeOnHover = false
  /// `scale`: the strip's scale; nil (`auto`): `Xft.dpi` / 96.
  public var scale: Double?
  /// `strip-backend`: which strip (`LYRICPIP_STRIP_BACKEND` wins over it).
  public var stripBackend = StripBackendSetting.auto
  /// `strip-layer`: the layer-shell strip's layer.
  public var stripLayer = LayerShellLayer.top
  /// `replaygain`: which ReplayGain tags the sound follows (`--replaygain` wins).
  public var replayGain = ReplayGainMode.track
  /// Problems found, each `file:line: message`.
  public var warnings: [String] = []

  public init() {}

  /// The config file's path for this environment; nil when no home is known.
  public static func defaultPath(environment: [String: String]) -> String? {
    XDGDirectories(environment: environment).config.map { $0 + "/lyricpip/config" }
  }

  /// Reads the file at `path`; a missing file is the defaults with no warning.
  public static func load(path: String) -> AppConfig {
    guard FileManager.default.fileExists(atPath: path) else { return AppConfig() }
    guard let data = FileManager.default.contents(atPath: path) else {
      var config = AppConfig()
      config.warnings.append("\(path): cannot be read; using the default settings")
      return config
    }
    return parse(String(decoding: data, as: UTF8.self), file: path)
  }

  /// Parses the text of a config file named `file` (for the warnings).
  public static func parse(_ text: String, file: String) -> AppConfig {
    var config = AppConfig()
    var number = 0
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      var line = Substring(rawLine)
      if let hash = Self.commentStart(in: line) { line = line[..<hash] }
      let trimmed = Self.trim(line)
      if trimmed.isEmpty { continue }
      guard let equals = trimmed.firstIndex(of: "=") else {
        config.warnings.append("\(file):\(number): expected 'key = value', got '\(trimmed)'")
        continue
      }
      let key = Self.trim(trimmed[..<equals]).lowercased()
      let value = Self.trim(trimmed[trimmed.index(after: equals)...])
      if let problem = config.apply(key: key, value: value) {
        config.warnings.append("\(file):\(number): \(problem); keeping the default")
      }
    }
    return config
  }

  /// Sets one key (the table `SettingKey.all` knows how); returns what was wrong, or nil.
  private mutating func apply(key: String, value: String) -> String? {
    guard let setting = SettingKey.named(key) else { return "unknown setting '\(key)'" }
    return setting.apply(SettingLine(name: setting.name, key: key, value: value), to: &self)
  }

  /// Where the comment of a line starts: at its first `#`, except a `#` that opens the value
  /// and is followed by a hex digit, which is a colour (`text-colour = #FFCE54  # gold`).
  private static func commentStart(in line: Substring) -> Substring.Index? {
    var searchFrom = line.startIndex
    if let equals = line.firstIndex(of: "="),
      let valueStart = line[line.index(after: equals)...].firstIndex(where: {
        $0 != " " && $0 != "\t"
      }),
      line[valueStart] == "#", line[line.index(after: valueStart)...].first?.isHexDigit == true
    {
      searchFrom = line.index(after: valueStart)
    }
    return line[searchFrom...].firstIndex(of: "#")
  }

  /// Without the blanks (spaces, tabs, a Windows line end) at either end.
  private static func trim(_ text: Substring) -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard let first = text.firstIndex(where: { !blank($0) }),
      let last = text.lastIndex(where: { !blank($0) })
    else { return "" }
    return String(text[first...last])
  }
}
