import FoundationEssentials
import PlayerContract
import Session
import Surface
import SystemSupport

/// The user's settings for the windows, from `$XDG_CONFIG_HOME/lyricpip/config`
/// (`~/.config/lyricpip/config` when unset or not absolute): simple `key = value` lines, `#`
/// starts a comment (but a `#` opening a value such as `#FFCE54` is a colour). A line that cannot be understood costs that line only: a warning naming
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
/// hide-when-paused = no        # yes | no: the strip goes while paused, and comes back on play
/// hide-when-fullscreen = yes   # yes | no: the strip goes while the active window is fullscreen
/// fade-on-hover = no           # yes | no: the strip fades under the pointer (needs a compositor)
/// scale = auto                 # auto (Xft.dpi / 96) | 0.5 … 4: the strip's size and text
/// background = placeholder     # placeholder | none (only the letters on the desktop)
/// look = classic               # classic | karaoke; the five keys below change it
/// text-colour = #ECEEF4        # #RRGGBB or #RRGGBBAA
/// fill-colour = #FFCE54
/// outline-colour = #000000
/// outline-width = 0            # pixels, 0 … 8, for the line at its usual size
/// shadow = yes                 # yes | no
/// replaygain = track           # track | album | off: the loudness tags the sound follows
/// follow-ignore = firefox, kdeconnect   # players `lyricpip follow` never follows
/// follow-keep-while-paused = no         # yes: the strip stays up while the player is paused
/// follow-autostart = no        # yes: `lyricpip follow` starts with the desktop
/// ```
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
    case "hide-when-paused":
      guard let flag = Self.yesNo(value) else {
        return "hide-when-paused must be yes or no, not '\(value)'"
      }
      stripRules.hideWhenPaused = flag
    case "hide-when-fullscreen":
      guard let flag = Self.yesNo(value) else {
        return "hide-when-fullscreen must be yes or no, not '\(value)'"
      }
      stripRules.hideWhenFullscreen = flag
    case "fade-on-hover":
      guard let flag = Self.yesNo(value) else {
        return "fade-on-hover must be yes or no, not '\(value)'"
      }
      fadeOnHover = flag
    case "scale":
      if value.lowercased() == "auto" {
        scale = nil
      } else {
        guard let number = Double(value), DisplayScale.range.contains(number) else {
          return "scale must be auto or a number from 0.5 to 4, not '\(value)'"
        }
        scale = number
      }
    case "background":
      guard let background = StripBackground(rawValue: value.lowercased()) else {
        return "background must be placeholder or none, not '\(value)'"
      }
      strip.background = background
    case "look":
      guard let name = StripLook.Name(rawValue: value.lowercased()) else {
        return "look must be classic or karaoke, not '\(value)'"
      }
      strip.lookName = name
    case "text-colour", "text-color", "fill-colour", "fill-color", "outline-colour",
      "outline-color":
      guard let colour = RGBA(hex: value) else {
        return "\(key) must be a colour written #RRGGBB or #RRGGBBAA, not '\(value)'"
      }
      switch key.prefix(while: { $0 != "-" }) {
      case "text": strip.lookChanges.textColour = colour
      case "fill": strip.lookChanges.fillColour = colour
      default: strip.lookChanges.outlineColour = colour
      }
    case "outline-width":
      guard let width = Int(value), (0...StripLook.maximumOutlineWidth).contains(width) else {
        return "outline-width must be whole pixels from 0 to \(StripLook.maximumOutlineWidth), "
          + "not '\(value)'"
      }
      strip.lookChanges.outlineWidth = width
    case "shadow":
      guard let flag = Self.yesNo(value) else { return "shadow must be yes or no, not '\(value)'" }
      strip.lookChanges.shadow = flag
    case "replaygain":
      guard let mode = ReplayGainMode(rawValue: value.lowercased()) else {
        return "replaygain must be track, album or off, not '\(value)'"
      }
      replayGain = mode
    case "follow-ignore":
      follow.ignored = FollowSettings.names(value)
    case "follow-keep-while-paused":
      guard let flag = Self.yesNo(value) else {
        return "follow-keep-while-paused must be yes or no, not '\(value)'"
      }
      follow.keepWhilePaused = flag
    case FollowSettings.autostartKey:
      guard let flag = Self.yesNo(value) else {
        return "follow-autostart must be yes or no, not '\(value)'"
      }
      follow.autostart = flag
    default:
      return "unknown setting '\(key)'"
    }
    return nil
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

  private static func yesNo(_ value: String) -> Bool? {
    switch value.lowercased() {
    case "yes", "true", "on", "1": true
    case "no", "false", "off", "0": false
    default: nil
    }
  }
}
