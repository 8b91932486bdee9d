import Desktop
import Following
import Playback
import SessionWiring

/// `lyricpip follow` as the desktop sees it (`MPRISPlayerControl`), for its tray icon and for
/// `lyricpip ctl`/`status` under the name `org.lyricpip.Follow`: the state is the followed
/// player's, play/pause/next/previous go to it through the session, Quit ends the follower.
/// There is no main window to raise and no queue to open files into.
///
/// Threads: called on the bus thread; the engine and the session are thread-safe, and `quit`
/// only posts to the window loop (or ends the wait of a run without windows).
final class FollowDesktopControl: SessionDesktopControl, Sendable {
  private let engine: FollowedPlayerEngine
  let session: LyricsSession
  private let quitAction: @Sendable () -> Void

  init(
    engine: FollowedPlayerEngine, session: LyricsSession, quit: @escaping @Sendable () -> Void
  ) {
    self.engine = engine
    self.session = session
    quitAction = quit
  }

  var canRaise: Bool { false }

  func state() -> MPRISState {
    let track = engine.currentTrack.map { info in
      MPRISTrack(
        index: 0, path: info.path, title: info.title, artist: info.artist, album: info.album,
        lengthMicros: info.durationNanos.map { $0 / 1_000 })
    }
    // Whether the followed player has a next or previous track is its own business: the
    // command is passed on, and it does what it can.
    let followed = engine.followedPlayer != nil
    return MPRISState(
      status: Self.status(engine.state), track: track, canGoNext: followed, canGoPrevious: followed)
  }

  func positionMicros() -> Int64 { engine.heardPosition().nanos / 1_000 }
  // The followed player's volume and order are its own.
  func setVolume(_ volume: Double) {}
  func setShuffle(_ on: Bool) {}
  func setLoopStatus(_ status: MPRISState.LoopStatus) {}

  func open(paths: [String]) throws { throw NoQueue() }

  struct NoQueue: Error, CustomStringConvertible {
    var description: String { "lyricpip follow plays no files of its own" }
  }

  func raise() {}
  func quit() { quitAction() }
}
