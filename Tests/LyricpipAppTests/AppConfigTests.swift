import LyricpipApp
import RunOptions
import Session
import Settings
import Surface
import TestSupport
import Testing

@Suite(.tags(.sanitized)) struct AppConfigTests {
  @Test func everyKeyIsRead() {
    let config = AppConfig.parse(
      """
      # lyricpip settings
      controls = full
      opacity = 0.8
      font-family = WenQuanYi Zen Hei   # a comment after a value
      font-size = 40
      second-line = romanisation
      auto-enter = minimize
      auto-enter-when-paused = yes
      grace-ms = 100
      """, file: "config")
    #expect(config.warnings.isEmpty)
    #expect(config.strip.controls == .full)
    #expect(config.strip.opacity == 0.8)
    #expect(config.strip.fontFamily == "WenQuanYi Zen Hei")
    #expect(config.strip.fontSize == 40)
    #expect(config.strip.secondLine == .romanisation)
    #expect(config.pip.autoEnter == .minimize)
    #expect(config.pip.autoEnterWhenPaused)
    #expect(config.pip.graceMs == 100)
  }

  @Test func lockShortcutIsReadOrTurnedOff() {
    #expect(AppConfig().lockShortcut == GlobalShortcut(modifiers: [.control, .alt], key: "L"))
    let custom = AppConfig.parse("lock-shortcut = Super + Shift + F12\n", file: "config")
    #expect(custom.warnings.isEmpty)
    #expect(custom.lockShortcut == GlobalShortcut(modifiers: [.super, .shift], key: "F12"))
    #expect(custom.lockShortcut?.description == "Shift+Super+F12")
    #expect(AppConfig.parse("lock-shortcut = none\n", file: "config").lockShortcut == nil)
    let bad = AppConfig.parse("lock-shortcut = L\nlock-shortcut = Hyper+L\n", file: "config")
    #expect(bad.warnings.count == 2, "\(bad.warnings)")
    #expect(bad.lockShortcut == .defaultLock)
  }

  @Test func aBadLineIsNamedAndItsKeyKeepsTheDefault() {
    let config = AppConfig.parse(
      "controls = some\nopacity = 0.5\nauto-enter = always\nwhat is this\ncolour = red\n",
      file: "/home/u/.config/lyricpip/config")
    #expect(
      config.warnings == [
        "/home/u/.config/lyricpip/config:1: controls must be hidden, minimal or full, not 'some';"
          + " keeping the default",
        "/home/u/.config/lyricpip/config:3: auto-enter must be focus-loss, minimize or never, not"
          + " 'always'; keeping the default",
        "/home/u/.config/lyricpip/config:4: expected 'key = value', got 'what is this'",
        "/home/u/.config/lyricpip/config:5: unknown setting 'colour'; keeping the default",
      ])
    #expect(config.strip.controls == .hidden)
    #expect(config.strip.opacity == 0.5)
    #expect(config.pip.autoEnter == .focusLoss)
  }

  @Test func theFileIsFoundInTheXDGConfigFolder() {
    #expect(
      AppConfig.defaultPath(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"])
        == "/c/lyricpip/config")
    #expect(
      AppConfig.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"])
        == "/h/.config/lyricpip/config")
    #expect(AppConfig.defaultPath(environment: [:]) == nil)
  }

  @Test func theDefaultsAreThoseOfTheIssue() {
    let config = AppConfig()
    #expect(config.pip.autoEnter == .focusLoss)
    #expect(!config.pip.autoEnterWhenPaused)
    #expect(config.strip.controls == .hidden)
    // The strip's second row: the translation when the line has one, else the next line.
    #expect(config.strip.secondLine == .translation)
  }

  @Test func aBadSecondLineIsNamedAndKeepsTheDefault() {
    let config = AppConfig.parse("second-line = both\n", file: "config")
    #expect(
      config.warnings == [
        "config:1: second-line must be next, translation or romanisation, not 'both'; keeping"
          + " the default"
      ])
    #expect(config.strip.secondLine == .translation)
  }

  @Test func theSecondLineFlagIsReadAndChecked() throws {
    #expect(try PlayOptions.parse(["--second-line", "next", "a.flac"])?.secondLine == "next")
    #expect(try PlayOptions.parse(["a.flac"])?.secondLine == nil)
    #expect(throws: PlayOptions.UsageError.self) {
      try PlayOptions.parse(["--second-line", "both", "a.flac"])
    }
  }
}

@Suite struct LockedSettingTests {
  @Test func lockedIsReadAsYesOrNo() {
    #expect(AppConfig.parse("locked = yes\n", file: "config").locked == true)
    #expect(AppConfig.parse("locked = no\n", file: "config").locked == false)
    #expect(AppConfig.parse("opacity = 0.5\n", file: "config").locked == nil)
  }

  @Test func aBadValueIsNamedAndLeavesItUnset() {
    let config = AppConfig.parse("locked = maybe\n", file: "config")
    #expect(config.locked == nil)
    #expect(
      config.warnings == ["config:1: locked must be yes or no, not 'maybe'; keeping the default"])
  }
}

@Suite struct ReplayGainSettingTests {
  @Test func replayGainIsTrackAlbumOrOffAndTrackByDefault() {
    #expect(AppConfig().replayGain == .track)
    #expect(AppConfig.parse("replaygain = album\n", file: "config").replayGain == .album)
    #expect(AppConfig.parse("replaygain = Off\n", file: "config").replayGain == .off)
    let bad = AppConfig.parse("replaygain = loud\n", file: "config")
    #expect(bad.replayGain == .track)
    #expect(
      bad.warnings == [
        "config:1: replaygain must be track, album or off, not 'loud'; keeping the default"
      ])
  }

  @Test func theReplayGainFlagIsReadAndChecked() throws {
    #expect(try PlayOptions.parse(["--replaygain", "off", "a.flac"])?.replayGain == .off)
    #expect(try PlayOptions.parse(["a.flac"])?.replayGain == nil)
    #expect(throws: PlayOptions.UsageError.self) {
      try PlayOptions.parse(["--replaygain", "loud", "a.flac"])
    }
  }
}

@Suite struct ShowRuleSettingsTests {
  @Test func theShowHideKeysAndTheScaleAreRead() {
    let config = AppConfig.parse(
      """
      hide-when-paused = yes
      hide-when-fullscreen = no
      fade-on-hover = on
      scale = 1.5
      """, file: "config")
    #expect(config.warnings.isEmpty)
    #expect(config.stripRules.hideWhenPaused)
    #expect(!config.stripRules.hideWhenFullscreen)
    #expect(config.fadeOnHover)
    #expect(config.scale == 1.5)
    #expect(AppConfig.parse("scale = auto\n", file: "config").scale == nil)
  }

  @Test func theDefaultsHideOverFullscreenOnly() {
    let config = AppConfig()
    #expect(!config.stripRules.hideWhenPaused)
    #expect(config.stripRules.hideWhenFullscreen)
    #expect(!config.fadeOnHover)
    #expect(config.scale == nil)
  }

  @Test func badValuesAreNamedAndKeepTheDefault() {
    let config = AppConfig.parse("hide-when-paused = sometimes\nscale = 9\n", file: "config")
    #expect(
      config.warnings == [
        "config:1: hide-when-paused must be yes or no, not 'sometimes'; keeping the default",
        "config:2: scale must be auto or a number from 0.5 to 4, not '9'; keeping the default",
      ])
    #expect(!config.stripRules.hideWhenPaused)
    #expect(config.scale == nil)
  }
}
