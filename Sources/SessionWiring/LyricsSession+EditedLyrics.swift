import EventStream
import LyricsCore
import LyricsFiles
import SystemSupport

/// A lyrics file edited while it is shown: an editor saves it (written in place, or a new file
/// renamed over it) and the lyrics on display become the file's new ones at once, at the
/// position heard, with the live offset kept. The line on display is shown again with its new
/// text but is not a second `line` event, so the events stream still has each line once, in
/// order; a `lyrics` event with `reloaded: true` says the file was read again.
extension LyricsSession {
  /// Moves the watch to the current lyrics file (after a track change or a lookup's answer).
  func watchCurrentLyricsFile() {
    guard let lyricsFileWatch else { return }
    let file = currentLyricsFile
    if let problem = lyricsFileWatch.watch(file) {
      say("warning: edits to \(file ?? "the lyrics") will not be shown: \(problem)")
    }
  }

  /// The watch's thread: `path` was saved. A file that cannot be read now (an editor part way,
  /// or a mistake in it) keeps the lines on display, with an `error` saying why.
  func lyricsFileSaved(_ path: String) {
    guard currentLyricsFile == path else { return }
    let lyrics: Lyrics
    do {
      lyrics = try LyricsFileLoader.read(path)
    } catch {
      reportError("cannot read the edited lyrics, keeping those shown: \(error)")
      return
    }
    let replaced = state.withLock { state in
      guard state.currentLyricsFile == path, state.currentLyrics != lyrics else { return false }
      if let index = state.currentIndex, index < state.tracks.count {
        state.tracks[index].lyrics = lyrics
      }
      state.currentLyrics = lyrics
      state.quietLine = state.shownLine >= 0 ? state.shownLine : nil
      return true
    }
    guard replaced, let info = engine.currentTrack else { return }
    presenter.trackChanged(info, lyrics: lyrics)
    emit(.lyrics(lines: lyrics.lines.count, path: path, reloaded: true))
    // The live offset stays: the new timeline is planned from the heard position.
    scheduler.setTimeline(Timeline(lyrics: lyrics))
  }

  /// Whether the line change to `line` is the edited lyrics showing again the line that was on
  /// display (then it is no new `line` event). Only the first change after an edit is asked.
  func isQuietAfterEdit(_ line: Int) -> Bool {
    state.withLock { state in
      defer { state.quietLine = nil }
      return state.quietLine == line
    }
  }
}
