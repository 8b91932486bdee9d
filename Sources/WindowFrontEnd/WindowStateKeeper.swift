import FoundationEssentials
import Locking
import Session
import SessionWiring
import Surface
import SystemSupport

/// The saved state of the windowed player (`$XDG_STATE_HOME/lyricpip/state.json`, through
/// `StateStore`): read at start to put the windows back where they were and to give each track
/// its live offset change again; written at exit (atomically) with the windows' places, the
/// offset changes, the queue, and the last track and position. It never touches a lyrics file.
///
/// Threads: the offset of the current track is asked for from the player's threads and changed
/// from the main thread, so the state is kept under a lock.
public final class WindowStateKeeper: Sendable {
  private let store: StateStore?
  private let state: Mutex<SavedState>
  /// The queue to keep at exit (the app's rules: not the demo's).
  private let queueToSave: @Sendable (LyricsSession) -> SavedQueue?

  /// Loads the state of `environment`'s state folder; a bad file gives a warning (printed) and
  /// the defaults. No home folder: nothing is loaded or saved. `queueToSave`: the queue that
  /// `save(playbackOf:)` keeps.
  public init(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    queueToSave: @escaping @Sendable (LyricsSession) -> SavedQueue?
  ) {
    self.queueToSave = queueToSave
    store = StateStore.defaultDirectory(environment: environment).map { StateStore(directory: $0) }
    let loaded = store?.load()
    if let warning = loaded?.warning { printError("warning: \(warning)") }
    state = Mutex(loaded?.state ?? SavedState())
  }

  /// Puts the (prepared, not yet shown) windows where they were at the last exit.
  @WindowLoop func placeWindows(strip: FloatingWindow, main: MainWindow?) {
    let saved = state.withLock { $0 }
    // The main window first: a strip whose monitor is gone goes to the main window's.
    if let frame = saved.mainWindow { main?.place(at: frame) }
    if let frame = saved.strip { strip.place(at: frame, on: saved.stripMonitor) }
  }

  /// Where `path` was left at the last exit, when it was the last track played (nil: from the
  /// start).
  func resumePositionMs(forTrack path: String) -> Int? {
    state.withLock { $0.resumePositionMs(forTrack: path) }
  }

  /// The live offset change remembered for a track (0: none).
  func offsetMs(forTrack path: String) -> Int {
    state.withLock { $0.offsetMs(forTrack: path) }
  }

  /// Whether the strip was locked at the last exit (nil: the state does not say).
  public var stripLocked: Bool? { state.withLock { $0.stripLocked } }

  /// The volume at the last exit (nil: the state does not say).
  public var volume: Double? { state.withLock { $0.volume } }

  func rememberLocked(_ locked: Bool) {
    state.withLock { $0.stripLocked = locked }
  }

  func rememberOffset(_ ms: Int, forTrack path: String) {
    state.withLock { $0.rememberOffset(ms, forTrack: path) }
  }

  /// The lyrics chosen for a track in the picker (nil: none chosen, the lookup decides).
  public func lyricsChoice(forTrack path: String) -> LyricsChoice? {
    state.withLock { $0.lyricsChoice(forTrack: path) }
  }

  /// Remembers a choice and writes the state at once: a choice must hold even if the run does
  /// not end cleanly.
  func rememberLyricsChoice(_ choice: LyricsChoice, forTrack path: String) {
    write(
      state.withLock {
        $0.rememberLyricsChoice(choice, forTrack: path)
        return $0
      })
  }

  /// Writes the state with the windows' places (nil: keep the saved one, for a window that was
  /// never shown), the strip's monitor, and where playback stopped.
  func save(
    strip: WindowGeometry?, stripMonitor: ScreenMonitor?, main: WindowGeometry?, track: String?,
    positionMs: Int, volume: Double, queue: SavedQueue?
  ) {
    guard store != nil else { return }
    let snapshot: SavedState = state.withLock { state in
      state.volume = volume
      if let strip {
        state.strip = strip
        state.stripMonitor = stripMonitor
      }
      if let main { state.mainWindow = main }
      if let track { state.rememberPosition(positionMs, inTrack: track) }
      if let queue { state.queue = queue }
      return state
    }
    write(snapshot)
  }

  /// Writes where `session` stands (its track and position, volume and queue) with the windows'
  /// places (nil: keep the saved ones). Any thread: it reads only the player and the session.
  func save(
    playbackOf session: LyricsSession, followsPlayer: Bool, strip: WindowGeometry? = nil,
    stripMonitor: ScreenMonitor? = nil, main: WindowGeometry? = nil
  ) {
    let player = session.engine
    // A track that played to its end starts from the beginning next time.
    var positionMs = player.state == .ended ? 0 : max(0, player.heardPosition().milliseconds)
    var track = player.currentTrack.map { AbsolutePath.of($0.path) }
    // Quit before the first track played there (its file still being read): where it was to
    // start, so that the next run starts there again.
    let paths = session.queuePaths
    if let asked = session.startRequest, paths.indices.contains(asked.index) {
      track = AbsolutePath.of(paths[asked.index])
      positionMs = Int(asked.nanos / 1_000_000)
    }
    // A followed player's track is not ours to resume.
    save(
      strip: strip, stripMonitor: stripMonitor, main: main,
      track: followsPlayer ? nil : track, positionMs: positionMs, volume: session.volume,
      queue: followsPlayer ? nil : queueToSave(session))
  }

  /// Writes `snapshot` (atomically, through `StateStore`); a failure is a warning.
  private func write(_ snapshot: SavedState) {
    guard let store else { return }
    do {
      try store.save(snapshot)
    } catch {
      printError("warning: cannot save the state to \(store.fileURL.path): \(error)")
    }
  }
}
