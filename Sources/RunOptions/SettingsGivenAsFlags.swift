import Settings

extension SettingsChange {
  /// The settings keys a flag of this `play` run decides (flags win over the file), so that a
  /// SIGHUP does not mention them. The flags are `PlayOptions`', so this part of the settings
  /// lives with them.
  package static func keysGivenAsFlags(_ options: PlayOptions) -> Set<String> {
    let given: [(SettingKey, Bool)] = [
      (.controls, options.stripControls != nil), (.opacity, options.stripOpacity != nil),
      (.fontFamily, options.fontFamily != nil), (.fontSize, options.fontSize != nil),
      (.background, options.background != nil), (.look, options.look != nil),
      (.secondLine, options.secondLine != nil), (.replayGain, options.replayGain != nil),
    ]
    return Set(given.filter(\.1).map(\.0.name))
  }
}
