import FoundationEssentials
import Session
import Surface
import SystemSupport

/// The user's settings for the windows, from `$XDG_CONFIG_HOME/lyricpip/config`
/// (`~/.config/lyricpip/config` when unset or not absolute): simple `key = value` lines, `#`
/// starts a comment. A line that cannot be understood costs that line only: a warning naming
/// `file:line`, and the default for that key.
///
/// ```
/// controls = hidden            # hidden | minimal | full
/// opacity = 0.9                # 0.1 … 1
/// font-family = Noto Sans CJK SC
/// font-size = 48               # pixels for a strip 200 px high; it scales with the strip
/// second-line = translation    # next | translation | romanisation (else the next line)
/// auto-enter = focus-loss      # focus-loss | minimize | never
/// auto-enter-when-paused = no  # yes | no
/// grace-ms = 250               # 0 … 300
/// online = lrclib              # lrclib | off
/// lrclib-url = https://lrclib.net
/// duration-tolerance = 2       # seconds, 0 … 30
/// locked = no                  # yes | no: the strip starts locked (else as it was left)
/// lock-shortcut = Ctrl+Alt+L   # a global key (X11) that locks and unlocks the strip; none: off
/// follow-ignore = firefox, kdeconnect   # players `lyricpip follow` never follows
/// follow-keep-while-paused = no         # yes: the strip stays up while the player is paused
/// ```
public struct AppConfig: Equatable, Sendable {
  public var strip = StripSettings()
  public var pip = PiPSettings()
  public var online = OnlineSettings()
  var follow = FollowSettings()
  /// `locked = yes|no`: whether the strip starts locked. nil when the file does not say: then
  /// the strip starts as it was at the last exit (the saved state), else unlocked.
  public var locked: Bool?
  /// `lock-shortcut`: the key that locks and unlocks the strip from any program (X11); nil when
  /// the file says `none`.
  public var lockShortcut: GlobalShortcut? = .defaultLock
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
      if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
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

  /// Sets one key; returns what was wrong, or nil.
  private mutating func apply(key: String, value: String) -> String? {
    switch key {
    case "controls":
      guard let controls = StripSettings.Controls(rawValue: value) else {
        return "controls must be hidden, minimal or full, not '\(value)'"
      }
      strip.controls = controls
    case "opacity":
      guard let opacity = Double(value), opacity >= 0.1, opacity <= 1 else {
        return "opacity must be a number from 0.1 to 1, not '\(value)'"
      }
      strip.opacity = opacity
    case "font-family", "font":
      guard !value.isEmpty else { return "font-family needs a name" }
      strip.fontFamily = value
    case "font-size":
      guard let size = Int(value), (8...400).contains(size) else {
        return "font-size must be whole pixels from 8 to 400, not '\(value)'"
      }
      strip.fontSize = size
    case "second-line":
      guard let choice = SecondLine(rawValue: value) else {
        return "second-line must be next, translation or romanisation, not '\(value)'"
      }
      strip.secondLine = choice
    case "auto-enter":
      guard let policy = AutoEnterPolicy(rawValue: value) else {
        return "auto-enter must be focus-loss, minimize or never, not '\(value)'"
      }
      pip.autoEnter = policy
    case "auto-enter-when-paused":
      guard let flag = Self.yesNo(value) else {
        return "auto-enter-when-paused must be yes or no, not '\(value)'"
      }
      pip.autoEnterWhenPaused = flag
    case "grace-ms":
      guard let grace = Int(value), (0...PiPSettings.maximumGraceMs).contains(grace) else {
        return "grace-ms must be whole milliseconds from 0 to \(PiPSettings.maximumGraceMs), "
          + "not '\(value)'"
      }
      pip.graceMs = grace
    case "online":
      switch value.lowercased() {
      case "lrclib": online.enabled = true
      case "off": online.enabled = false
      default: return "online must be lrclib or off, not '\(value)'"
      }
    case "lrclib-url":
      let lowered = value.lowercased()
      guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
        return "lrclib-url must be an http:// or https:// URL, not '\(value)'"
      }
      online.lrclibURL = value
    case "duration-tolerance":
      guard let seconds = Double(value), seconds >= 0, seconds <= 30 else {
        return "duration-tolerance must be seconds from 0 to 30, not '\(value)'"
      }
      online.durationToleranceSeconds = seconds
    case "locked":
      guard let flag = Self.yesNo(value) else { return "locked must be yes or no, not '\(value)'" }
      locked = flag
    case "lock-shortcut":
      if value.lowercased() == "none" {
        lockShortcut = nil
      } else {
        guard let shortcut = GlobalShortcut(parsing: value) else {
          return "lock-shortcut must be modifiers and a key such as Ctrl+Alt+L, or none, "
            + "not '\(value)'"
        }
        lockShortcut = shortcut
      }
    case "follow-ignore":
      follow.ignored = FollowSettings.names(value)
    case "follow-keep-while-paused":
      guard let flag = Self.yesNo(value) else {
        return "follow-keep-while-paused must be yes or no, not '\(value)'"
      }
      follow.keepWhilePaused = flag
    default:
      return "unknown setting '\(key)'"
    }
    return nil
  }

  /// Without the blanks (spaces, tabs, a Windows line end) at either end.
  private static func trim(_ text: Substring) -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard let first = text.firstIndex(where: { !blank($0) }),
      let last = text.lastIndex(where: { !blank($0) })
    else { return "" }
    return String(text[first...last])
  }

  private static func yesNo(_ value: String) -> Bool? {
    switch value.lowercased() {
    case "yes", "true", "on", "1": true
    case "no", "false", "off", "0": false
    default: nil
    }
  }
}
