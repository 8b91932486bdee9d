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
public final class FollowDesktopControl: SessionDesktopControl, Sendable {
  private let engine: FollowedPlayerEngine
  public let session: LyricsSession
  private let quitAction: @Sendable () -> Void

  public init(
    engine: FollowedPlayerEngine, session: LyricsSession, quit: @escaping @Sendable () -> Void
  ) {
    self.engine = engine
    self.session = session
    quitAction = quit
  }

  public var canRaise: Bool { false }

  public func state() -> MPRISState {
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

  public func positionMicros() -> Int64 { engine.heardPosition().nanos / 1_000 }
  // The followed player's volume and order are its own.
  public func setVolume(_ volume: Double) {}
  public func setShuffle(_ on: Bool) {}
  public func setLoopStatus(_ status: MPRISState.LoopStatus) {}

  public func open(paths: [String]) throws { throw NoQueue() }

  struct NoQueue: Error, CustomStringConvertible {
    var description: String { "lyricpip follow plays no files of its own" }
  }

  public func raise() {}
  public func quit() { quitAction() }
}
