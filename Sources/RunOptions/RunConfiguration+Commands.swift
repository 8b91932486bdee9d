import FoundationEssentials
import Settings
import Surface

extension RunConfiguration {
  /// The settings file (`$XDG_CONFIG_HOME/lyricpip/config`), or the defaults when no home is
  /// known. Its warnings are the caller's to print.
  package static func readSettingsFile(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> AppConfig {
    AppConfig.defaultPath(environment: environment).map(AppConfig.load) ?? AppConfig()
  }

  /// `play`'s flags over `file`.
  package init(play options: PlayOptions, settingsFile file: AppConfig) {
    self.init(settingsFile: file)
    stripFlags = StripFlags(
      controls: options.stripControls.flatMap(StripSettings.Controls.init(rawValue:)),
      opacity: options.stripOpacity, fontFamily: options.fontFamily, fontSize: options.fontSize,
      background: options.background, look: options.look,
      secondLine: options.secondLine.flatMap(SecondLine.init(rawValue:)))
    replayGainFlag = options.replayGain
    noWindow = options.noWindow
    pip = options.pip
    screenshotPath = options.screenshotPath
    eventsPath = options.eventsPath
    offsetMs = options.offsetMs
    quitsAtEnd = options.quitsAtEnd
    offline = options.offline
  }

  /// `follow`'s flags over `file`: its windows are the strip alone, from the start.
  package init(follow options: FollowOptions, settingsFile file: AppConfig) {
    self.init(settingsFile: file)
    noWindow = options.noWindow
    pip = true
    followsPlayer = true
    eventsPath = options.eventsPath
    offsetMs = options.offsetMs ?? 0
    // As `play`'s rule has it: a run that writes events quits at the end.
    quitsAtEnd = options.eventsPath != nil
    offline = options.offline
  }
}
