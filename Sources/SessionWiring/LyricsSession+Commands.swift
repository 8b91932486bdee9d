import EventStream
import Playback
import PlayerContract

/// The commands of a session, one way for every front end: the windows' keys and controls, the
/// strip's buttons, MPRIS, a script's actions. Thread-safe, like the engine behind them.
extension LyricsSession {
  public func play() { engine.play() }
  public func pause() { engine.pause() }
  public func stop() { engine.stop() }
  public func next() { engine.next() }
  public func previous() { engine.previous() }

  /// Our own player's volume, 0 to 1; 1 for a followed player (its volume is its own
  /// business: follow neither reads nor sets it).
  public var volume: Double { volumeControl?.volume ?? 1 }

  /// Sets our own player's volume (reported as `volumeChanged`); nothing for a followed player.
  public func setVolume(_ volume: Double) { volumeControl?.setVolume(volume) }

  public func togglePlayPause() {
    if engine.state == .playing { engine.pause() } else { engine.play() }
  }

  /// Moves to `ms` in the current track (never before 0).
  public func seek(toMs ms: Int) {
    engine.seek(toNanos: Int64(max(0, ms)) * 1_000_000)
  }

  /// Moves to `micros` in the current track (MPRIS's SetPosition; never before 0).
  public func seek(toMicros micros: Int64) {
    engine.seek(toNanos: max(0, micros) * 1_000)
  }

  /// Moves by `ms` (negative: back) from the heard position, kept within the track.
  public func seek(byMs ms: Int) {
    var target = engine.heardPosition().nanos + Int64(ms) * 1_000_000
    if let duration = engine.currentTrack?.durationNanos { target = min(target, duration) }
    engine.seek(toNanos: max(0, target))
  }

  /// Adds `ms` to the live offset (positive: lyrics sooner) and returns the new total. The
  /// `offset` event comes first, then whatever line the new offset puts up.
  @discardableResult
  public func adjustOffset(byMs ms: Int) -> Int {
    let total = offsetMs + ms
    emit(.offset(offsetMs: total))
    setLiveOffset(total)
    return total
  }

  /// Saves the live offset, beyond `keptMs` (the run's own `--offset`, which stays this run's),
  /// into the current lyrics file's `[offset:]` tag: the only write into a user's lyrics, and
  /// only on request. The lyrics are read again from the file and the live offset drops to
  /// `keptMs` at the same moment, so nothing on display moves. Writes `offset-saved`, or an
  /// `error` saying why not (then nil).
  public func saveOffsetIntoLyricsFile(keepingMs keptMs: Int) -> LyricsOffsetSaving.Saved? {
    guard let file = currentLyricsFile else {
      reportError("the lyrics of this track are not from a lyrics file; the offset was not saved")
      return nil
    }
    do {
      let saved = try LyricsOffsetSaving.save(addingMs: offsetMs - keptMs, to: file)
      replaceCurrentLyrics(saved.lyrics, offsetMs: keptMs)
      emit(.offsetSaved(path: file, fileOffsetMs: saved.fileOffsetMs))
      return saved
    } catch {
      reportError("cannot save the offset: \(error)")
      return nil
    }
  }
}
