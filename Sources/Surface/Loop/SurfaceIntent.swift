/// What the user asked the player for, through either window. The app wires these to the
/// player; the windows change nothing themselves (they show what `NowPlaying` says).
public enum SurfaceIntent: Equatable, Sendable {
  case togglePlayPause
  /// Seek relative to the current position (←/→: ±5 s, strip skip controls: ±15 s).
  case seekBy(ms: Int)
  /// Seek to an absolute position (a click on a lyric line or on the progress bar).
  case seekTo(ms: Int)
  /// Change the live lyric offset (`+`/`-` on the strip: ±100 ms).
  case adjustOffset(ms: Int)
  /// Ctrl+S: write the offset as it is now into the lyrics file's `[offset:]` tag.
  case saveOffsetToLyricsFile
  /// The volume up or down by `percent` points (9/0, the volume keys, the wheel over the main
  /// window's volume control).
  case adjustVolume(percent: Int)
  /// The volume set to `percent` (a click on the volume control).
  case setVolume(percent: Int)
  case nextTrack
  case previousTrack
  /// Files or folders dropped onto either window: to the end of the queue.
  case addToQueue(paths: [String])
  /// A click or Enter on a track of the queue view: play it.
  case playQueueItem(index: Int)
  /// H: shuffle on or off.
  case toggleShuffle
  /// R: repeat none → all → track → none.
  case cycleRepeat
  /// The main window's "send to strip" button or P: show the lyrics in the floating strip.
  case showStrip
  /// Lock the strip when unlocked and the other way round: the main window's lock button, L in
  /// either window, the global shortcut.
  case toggleStripLock
  /// The unlock handle of a locked strip was pressed.
  case unlockStrip
  /// C or the "Lyrics…" button: list the lyrics this track could have (the picker opens at
  /// once; the app answers with `MainWindow.showChoices`).
  case showCandidates
  /// A candidate of the picker was chosen (its index in `LyricsChoices.rows`).
  case chooseCandidate(Int)
  /// "No lyrics for this track" was chosen in the picker.
  case chooseNoLyrics
  /// S or the "Save .lrc" button: write the shown lyrics beside the audio file.
  case saveLyricsBeside
  /// The main window was closed: quit.
  case quit
}
