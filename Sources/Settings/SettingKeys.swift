import LyricsCore
import LyricsOnline
import PlayerContract
import Session
import Surface
import WaylandStrip

/// The keys of the settings file, in the order docs/settings.md gives them (a SIGHUP names
/// changes in this order too). To add a key: an entry here, its field in `AppConfig`, and its row
/// and example line in docs/settings.md (`SettingsDocsTests` fails until they are there).
extension SettingKey {
  public static let all: [SettingKey] = [
    controls, opacity, fontFamily, fontSize, secondLine, autoEnter, autoEnterWhenPaused, graceMs,
    online, lrclibURL, kugouURL, neteaseURL, amllURL, durationTolerance, locked, background, look,
    textColour, fillColour, outlineColour, outlineWidth, shadow, replayGain, lockShortcut,
    hideWhenPaused, hideWhenFullscreen, fadeOnHover, scale, stripBackend, stripLayer, followIgnore,
    followKeepWhilePaused, followAutostart,
  ]

  // MARK: The strip

  public static let controls = SettingKey(
    "controls", help: "what the strip shows under the pointer: hidden, minimal or full",
    example: "minimal", live: true, readers: SettingReader.windows, field: \.strip.controls,
    value: SettingValue(mustBe: "hidden, minimal or full") { StripSettings.Controls(rawValue: $0) })

  public static let opacity = SettingKey(
    "opacity", help: "the strip's opacity, 0.1 to 1", example: "0.9", live: true,
    readers: SettingReader.windows, field: \.strip.opacity,
    value: SettingValue(mustBe: "a number from 0.1 to 1") { text in
      Double(text).flatMap { (0.1...1).contains($0) ? $0 : nil }
    })

  public static let fontFamily = SettingKey(
    "font-family", aliases: ["font"], help: "the lyrics' font, a fontconfig family name",
    example: "WenQuanYi Zen Hei", live: false, readers: SettingReader.windows,
    field: \.strip.fontFamily,
    value: SettingValue(problem: { "\($0.name) needs a name" }) { $0.isEmpty ? nil : $0 }.optional
  )

  public static let fontSize = SettingKey(
    "font-size", help: "the current line's size in pixels on a strip 200 px high, 8 to 400",
    example: "48", live: true, readers: SettingReader.windows, field: \.strip.fontSize,
    value: SettingValue(mustBe: "whole pixels from 8 to 400") { text in
      Int(text).flatMap { (8...400).contains($0) ? $0 : nil }
    }.optional)

  public static let secondLine = SettingKey(
    "second-line", help: "the strip's second row: next, translation or romanisation",
    example: "romanisation", live: true, readers: SettingReader.windows,
    field: \.strip.secondLine,
    value: SettingValue(mustBe: "next, translation or romanisation") { SecondLine(rawValue: $0) })

  // MARK: Picture-in-picture

  public static let autoEnter = SettingKey(
    "auto-enter", help: "when the strip comes up by itself: focus-loss, minimize or never",
    example: "minimize", live: false, readers: SettingReader.windows, field: \.pip.autoEnter,
    value: SettingValue(mustBe: "focus-loss, minimize or never") { AutoEnterPolicy(rawValue: $0) })

  public static let autoEnterWhenPaused = SettingKey(
    "auto-enter-when-paused", help: "whether the strip also comes up by itself while paused",
    example: "yes", live: false, readers: SettingReader.windows, field: \.pip.autoEnterWhenPaused,
    value: .yesNo)

  public static let graceMs = SettingKey(
    "grace-ms", help: "how long a focus loss lasts before the strip comes up, in milliseconds",
    example: "100", live: false, readers: SettingReader.windows, field: \.pip.graceMs,
    value: SettingValue(mustBe: "whole milliseconds from 0 to \(PiPSettings.maximumGraceMs)") {
      text in Int(text).flatMap { (0...PiPSettings.maximumGraceMs).contains($0) ? $0 : nil }
    })

  // MARK: The online lookup

  public static let online = SettingKey(
    "online",
    help: "the services lyrics are looked up on, in order: lrclib, kugou, netease, amll; or off",
    example: "kugou, netease, lrclib", live: false, readers: [.play, .follow, .fetch],
    field: \.online.providers,
    value: SettingValue(problem: { line in
      let unknown = OnlineProvider.list(line.value).unknown ?? line.value
      return "\(line.key) must list lrclib, kugou, netease or amll (comma or space separated), "
        + "or be off; '\(unknown)' is none of them"
    }) { OnlineProvider.list($0).providers })

  public static let lrclibURL = serverURL(
    "lrclib-url", help: "a self-hosted LRCLIB server to ask instead of lrclib.net",
    example: "https://lyrics.example.org", field: \.online.lrclibURL)

  public static let kugouURL = serverURL(
    "kugou-url", help: "the Kugou lyrics host to ask instead of lyrics.kugou.com",
    example: "https://kugou.example.org", field: \.online.kugouURL)

  public static let neteaseURL = serverURL(
    "netease-url", help: "the NetEase host to ask instead of music.163.com",
    example: "https://netease.example.org", field: \.online.neteaseURL)

  public static let amllURL = serverURL(
    "amll-url", help: "a raw-file mirror of the AMLL TTML database to ask instead of GitHub's",
    example: "https://mirror.example.org/amll-ttml-db", field: \.online.amllURL)

  public static let durationTolerance = SettingKey(
    "duration-tolerance", help: "how far a candidate's length may be from the track's, in s",
    example: "5", live: false, readers: [.play, .follow, .fetch],
    field: \.online.durationToleranceSeconds,
    value: SettingValue(mustBe: "seconds from 0 to 30") { text in
      Double(text).flatMap { (0...30).contains($0) ? $0 : nil }
    })

  // MARK: The strip, continued

  public static let locked = SettingKey(
    "locked", help: "whether the strip starts locked (else as it was left)", example: "yes",
    live: false, readers: SettingReader.windows, field: \.locked,
    value: SettingValue<Bool>.yesNo.optional
  )

  public static let background = SettingKey(
    "background", help: "what is behind the strip's letters: placeholder or none",
    example: "none", live: false, readers: SettingReader.windows, field: \.strip.background,
    value: SettingValue(mustBe: "placeholder or none") {
      StripBackground(rawValue: $0.lowercased())
    })

  public static let look = SettingKey(
    "look", help: "the colours the strip starts from: classic or karaoke", example: "karaoke",
    live: true, readers: SettingReader.windows, field: \.strip.lookName,
    value: SettingValue(mustBe: "classic or karaoke") { StripLook.Name(rawValue: $0.lowercased()) })

  public static let textColour = lookColour(
    "text-colour", aliases: ["text-color"], help: "the letters not yet sung",
    example: "#ECEEF4", field: \.strip.lookChanges.textColour)

  public static let fillColour = lookColour(
    "fill-colour", aliases: ["fill-color"], help: "the sung part of the line",
    example: "#FF5A8C", field: \.strip.lookChanges.fillColour)

  public static let outlineColour = lookColour(
    "outline-colour", aliases: ["outline-color"], help: "the outline around the strip's texts",
    example: "#1A1A40", field: \.strip.lookChanges.outlineColour)

  public static let outlineWidth = SettingKey(
    "outline-width", help: "how far the outline reaches past the letters, pixels 0 to 8",
    example: "2", live: true, readers: SettingReader.windows, reportedAs: look.name,
    field: \.strip.lookChanges.outlineWidth,
    value: SettingValue(mustBe: "whole pixels from 0 to \(StripLook.maximumOutlineWidth)") {
      text in Int(text).flatMap { (0...StripLook.maximumOutlineWidth).contains($0) ? $0 : nil }
    }.optional)

  public static let shadow = SettingKey(
    "shadow", help: "the drop shadow under the strip's texts", example: "no", live: true,
    readers: SettingReader.windows, reportedAs: look.name, field: \.strip.lookChanges.shadow,
    value: SettingValue<Bool>.yesNo.optional)

  // MARK: The sound

  public static let replayGain = SettingKey(
    "replaygain", help: "the loudness tags the sound follows: track, album or off",
    example: "album", live: true, readers: [.play], field: \.replayGain,
    value: SettingValue(mustBe: "track, album or off") { ReplayGainMode(rawValue: $0.lowercased()) }
  )

  // MARK: The strip on the desktop

  public static let lockShortcut = SettingKey(
    "lock-shortcut", help: "a global key that locks and unlocks the strip (X11), or none",
    example: "Super+Shift+F12", live: false, readers: SettingReader.windows,
    field: \.lockShortcut,
    value: SettingValue(mustBe: "modifiers and a key such as Ctrl+Alt+L, or none") { text in
      text.lowercased() == "none" ? .some(nil) : GlobalShortcut(parsing: text).map { .some($0) }
    })

  public static let hideWhenPaused = SettingKey(
    "hide-when-paused", help: "whether the strip goes off the screen while paused",
    example: "yes", live: true, readers: [.playWindows], field: \.stripRules.hideWhenPaused,
    value: .yesNo)

  public static let hideWhenFullscreen = SettingKey(
    "hide-when-fullscreen", help: "whether the strip goes while the active window is fullscreen",
    example: "no", live: true, readers: SettingReader.windows,
    field: \.stripRules.hideWhenFullscreen, value: .yesNo)

  public static let fadeOnHover = SettingKey(
    "fade-on-hover", help: "whether the strip fades under the pointer (needs a compositor)",
    example: "yes", live: true, readers: SettingReader.windows, field: \.fadeOnHover,
    value: .yesNo)

  public static let scale = SettingKey(
    "scale", help: "the strip's size and text: auto (Xft.dpi / 96) or 0.5 to 4", example: "1.5",
    live: false, readers: SettingReader.windows, field: \.scale,
    value: SettingValue(mustBe: "auto or a number from 0.5 to 4") { text in
      if text.lowercased() == "auto" { return .some(nil) }
      return Double(text).flatMap { DisplayScale.range.contains($0) ? .some($0) : nil }
    })

  public static let stripBackend = SettingKey(
    "strip-backend", help: "the strip's window: auto, wayland (layer shell) or x11",
    example: "x11", live: false, readers: SettingReader.windows, field: \.stripBackend,
    value: SettingValue(mustBe: "auto, wayland or x11") { StripBackendSetting(text: $0) })

  public static let stripLayer = SettingKey(
    "strip-layer", help: "the layer-shell strip's layer: top or overlay", example: "overlay",
    live: false, readers: SettingReader.windows, field: \.stripLayer,
    value: SettingValue(mustBe: "top or overlay") { LayerShellLayer(rawValue: $0.lowercased()) })

  // MARK: `lyricpip follow`

  public static let followIgnore = SettingKey(
    "follow-ignore", help: "players `lyricpip follow` never follows, comma-separated",
    example: "firefox, kdeconnect", live: true, readers: [.follow], field: \.follow.ignored,
    value: SettingValue(mustBe: "player names") { FollowSettings.names($0) })

  public static let followKeepWhilePaused = SettingKey(
    "follow-keep-while-paused", help: "whether follow's strip stays up while the player pauses",
    example: "yes", live: true, readers: [.followStrip], field: \.follow.keepWhilePaused,
    value: .yesNo)

  public static let followAutostart = SettingKey(
    "follow-autostart", help: "whether `lyricpip follow` starts with the desktop",
    example: "yes", live: false, readers: [.followAutostart], field: \.follow.autostart,
    value: .yesNo)

  /// A provider's server: an `http://` or `https://` URL (the environment variable of the
  /// same provider wins over it).
  private static func serverURL(
    _ name: String, help: String, example: String,
    field: WritableKeyPath<AppConfig, String?> & Sendable
  ) -> SettingKey {
    SettingKey(
      name, help: help, example: example, live: false, readers: [.play, .follow, .fetch],
      field: field,
      value: SettingValue(mustBe: "an http:// or https:// URL") { text in
        let lowered = text.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://") ? text : nil
      }.optional)
  }

  /// One of the look's colour keys: `#RRGGBB` or `#RRGGBBAA`, reported as a change of the look.
  private static func lookColour(
    _ name: String, aliases: [String], help: String, example: String,
    field: WritableKeyPath<AppConfig, RGBA?> & Sendable
  ) -> SettingKey {
    SettingKey(
      name, aliases: aliases, help: help, example: example, live: true,
      readers: SettingReader.windows, reportedAs: look.name, field: field,
      value: SettingValue(mustBe: "a colour written #RRGGBB or #RRGGBBAA") { RGBA(hex: $0) }
        .optional)
  }
}
