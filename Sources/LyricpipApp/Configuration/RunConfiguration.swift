import PlayerContract
import Settings

/// What a run of `play` or `follow` goes by: its flags and the settings file, resolved once at
/// the start. The commands and the window front end read this value, not the flags.
struct RunConfiguration: Sendable {
  /// The settings file as read at the start (a reload on SIGHUP compares the file with it).
  var settingsFile: AppConfig
  /// The strip's looks the flags gave, over the file now and at every reload.
  var stripFlags = StripFlags()
  /// `--replaygain`; nil: the settings file's `replaygain` (which a reload then changes).
  var replayGainFlag: ReplayGainMode?
  /// `--no-window`: the current line in the terminal instead of the windows.
  var noWindow = false
  /// `--pip`: the strip first, not the main window.
  var pip = false
  /// `follow`'s windows: the strip alone, which shows while the followed player plays (and
  /// lyrics are known) and hides when it stops; there is no main window to go back to.
  var followsPlayer = false
  /// `--screenshot`: a PNG of the window once the first line is up.
  var screenshotPath: String?
  /// `--events`: a path, or "-" for stdout.
  var eventsPath: String?
  /// `--offset`, ms; positive = lyrics sooner.
  var offsetMs = 0
  /// Quits at the end of the last track (`--exit-at-end`, implied by no window or by events).
  var quitsAtEnd = false
  /// `--offline`: the online lookup makes no connection (the cache is still read).
  var offline = false

  /// The settings file with the flags over it.
  var settings: AppConfig { settings(over: settingsFile) }

  /// The loudness tags the sound follows: the flag, else the file.
  var replayGain: ReplayGainMode { replayGainFlag ?? settingsFile.replayGain }

  /// A new reading of the settings file with this run's flags over it (SIGHUP).
  func settings(over file: AppConfig) -> AppConfig {
    stripFlags.applied(over: file)
  }
}
