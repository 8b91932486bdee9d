import Settings

/// Which settings keys differ between two readings of the settings file, by the names the file
/// uses (docs/settings.md), in the file's documented order. The look's five colour and outline
/// keys are one entry, `look`, since they change the look together.
enum SettingsChange {
  /// The keys only the windows read: without them (`--no-window`) a change is not mentioned.
  static let windowKeys: Set<String> = [
    "controls", "opacity", "font-family", "font-size", "second-line", "auto-enter",
    "auto-enter-when-paused", "grace-ms", "locked", "background", "look", "lock-shortcut",
    "hide-when-paused", "hide-when-fullscreen", "fade-on-hover", "scale",
  ]

  /// The window keys that change while the windows run (SIGHUP): the strip's looks and its show
  /// rules. The rest choose fonts, the window's visual and shape, the scale, the global key or
  /// the picture-in-picture session, all fixed when the windows are made.
  static let liveWindowKeys: Set<String> = [
    "controls", "opacity", "font-size", "second-line", "look", "hide-when-paused",
    "hide-when-fullscreen", "fade-on-hover",
  ]

  /// The strip's keys a flag of this run decides (flags win over the file).
  static func keysGivenAsFlags(_ options: PlayOptions) -> Set<String> {
    var keys: Set<String> = []
    if options.stripControls != nil { keys.insert("controls") }
    if options.stripOpacity != nil { keys.insert("opacity") }
    if options.fontFamily != nil { keys.insert("font-family") }
    if options.fontSize != nil { keys.insert("font-size") }
    if options.background != nil { keys.insert("background") }
    if options.secondLine != nil { keys.insert("second-line") }
    return keys
  }

  static func keys(from old: AppConfig, to new: AppConfig) -> [String] {
    var keys: [String] = []
    func compare<Value: Equatable>(_ key: String, _ value: (AppConfig) -> Value) {
      if value(old) != value(new) { keys.append(key) }
    }
    compare("controls") { $0.strip.controls }
    compare("opacity") { $0.strip.opacity }
    compare("font-family") { $0.strip.fontFamily }
    compare("font-size") { $0.strip.fontSize }
    compare("second-line") { $0.strip.secondLine }
    compare("auto-enter") { $0.pip.autoEnter }
    compare("auto-enter-when-paused") { $0.pip.autoEnterWhenPaused }
    compare("grace-ms") { $0.pip.graceMs }
    compare("online") { $0.online.enabled }
    compare("lrclib-url") { $0.online.lrclibURL }
    compare("duration-tolerance") { $0.online.durationToleranceSeconds }
    compare("locked") { $0.locked }
    compare("background") { $0.strip.background }
    compare("look") { $0.strip.lookName }
    if old.strip.lookName == new.strip.lookName, old.strip.lookChanges != new.strip.lookChanges {
      keys.append("look")
    }
    compare("replaygain") { $0.replayGain }
    compare("lock-shortcut") { $0.lockShortcut }
    compare("hide-when-paused") { $0.stripRules.hideWhenPaused }
    compare("hide-when-fullscreen") { $0.stripRules.hideWhenFullscreen }
    compare("fade-on-hover") { $0.fadeOnHover }
    compare("scale") { $0.scale }
    compare("follow-ignore") { $0.follow.ignored }
    compare("follow-keep-while-paused") { $0.follow.keepWhilePaused }
    return keys
  }
}
