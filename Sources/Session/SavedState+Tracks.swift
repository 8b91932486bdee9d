/// The per-track parts of `SavedState`, as the app updates them while playing.
extension SavedState {
  /// The live offset change remembered for `path` (0 when none).
  public func offsetMs(forTrack path: String) -> Int {
    trackOffsetsMs[path] ?? 0
  }

  /// Remembers a live offset change for `path`; 0 forgets it, so the file stays small.
  public mutating func rememberOffset(_ ms: Int, forTrack path: String) {
    trackOffsetsMs[path] = ms == 0 ? nil : ms
  }

  /// Where playback should resume for `path`: the saved position when it was the last track.
  public func resumePositionMs(forTrack path: String) -> Int? {
    guard let last = lastTrack, last.path == path, last.positionMs > 0 else { return nil }
    return last.positionMs
  }

  public mutating func rememberPosition(_ ms: Int, inTrack path: String) {
    lastTrack = TrackPosition(path: path, positionMs: max(0, ms))
  }

  /// The lyrics chosen for `path` in the picker, if any.
  public func lyricsChoice(forTrack path: String) -> LyricsChoice? {
    lyricsChoices?[path]
  }

  public mutating func rememberLyricsChoice(_ choice: LyricsChoice, forTrack path: String) {
    lyricsChoices = (lyricsChoices ?? [:]).merging([path: choice]) { $1 }
  }
}
