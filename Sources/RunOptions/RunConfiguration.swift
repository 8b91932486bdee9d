import PlayerContract
import Settings

/// What a run of `play` or `follow` goes by: its flags and the settings file, resolved once at
/// the start. The commands and the window front end read this value, not the flags.
package struct RunConfiguration: Sendable {
  /// The settings file as read at the start (a reload on SIGHUP compares the file with it).
  package var settingsFile: AppConfig
  /// The strip's looks the flags gave, over the file now and at every reload.
  package var stripFlags = StripFlags()
  /// `--replaygain`; nil: the settings file's `replaygain` (which a reload then changes).
  package var replayGainFlag: ReplayGainMode?
  /// `--no-window`: the current line in the terminal instead of the windows.
  package var noWindow = false
  /// `--pip`: the strip first, not the main window.
  package var pip = false
  /// `follow`'s windows: the strip alone, which shows while the followed player plays (and
  /// lyrics are known) and hides when it stops; there is no main window to go back to.
  package var followsPlayer = false
  /// `--screenshot`: a PNG of the window once the first line is up.
  package var screenshotPath: String?
  /// `--events`: a path, or "-" for stdout.
  package var eventsPath: String?
  /// `--offset`, ms; positive = lyrics sooner.
  package var offsetMs = 0
  /// Quits at the end of the last track (`--exit-at-end`, implied by no window or by events).
  package var quitsAtEnd = false
  /// `--offline`: the online lookup makes no connection (the cache is still read).
  package var offline = false

  /// The settings file with the flags over it.
  package var settings: AppConfig { settings(over: settingsFile) }

  /// The loudness tags the sound follows: the flag, else the file.
  package var replayGain: ReplayGainMode { replayGainFlag ?? settingsFile.replayGain }

  /// A new reading of the settings file with this run's flags over it (SIGHUP).
  package func settings(over file: AppConfig) -> AppConfig {
    stripFlags.applied(over: file)
  }
}
