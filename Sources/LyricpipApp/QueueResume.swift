import FoundationEssentials
import Playback
import PlayerContract
import Session
import SessionWiring
import SystemSupport

/// Where `play` starts in its queue, and the queue the windowed player left at its last exit,
/// which a launch with no file (the desktop shortcut) plays again.
enum QueueResume {
  /// The first track and the order the queue plays in.
  struct Start {
    var index = 0
    var shuffle = false
    var repeatMode = RepeatMode.none
  }

  /// The saved queue with the files that are gone left out; nil when there is none (or no state
  /// folder). Read from the state file directly: the windows (and their `WindowStateKeeper`)
  /// do not exist yet when the tracks are prepared.
  static func savedQueue(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> SavedQueue? {
    guard let directory = StateStore.defaultDirectory(environment: environment) else {
      return nil
    }
    return StateStore(directory: directory).load().state.queue?.keeping {
      FileKind.at($0) == .other
    }
  }

  /// The flags first, then the saved queue's shuffle and repeat when resuming it; a shuffled
  /// queue that is not resumed starts from a random track.
  static func order(_ options: PlayOptions, resuming queue: SavedQueue?, count: Int) -> Start {
    var start = Start()
    start.shuffle = options.shuffle ?? queue?.shuffle ?? false
    start.repeatMode =
      options.repeatMode ?? queue.flatMap { RepeatMode(rawValue: $0.repeatMode) } ?? .none
    if let queue {
      start.index = queue.index
    } else if start.shuffle, count > 1 {
      start.index = Int.random(in: 0..<count)
    }
    return start
  }

  /// The queue to save at exit: its files, the current one, shuffle and repeat. A queue that
  /// played to its end is kept from its first track. Nil for the demo (nothing to resume).
  static func queueToSave(_ session: LyricsSession) -> SavedQueue? {
    let paths = session.queuePaths.map { AbsolutePath.of($0) }
    guard !paths.isEmpty, paths != [DemoFiles.locate()?.audio].compactMap({ $0 }) else {
      return nil
    }
    let player = session.player
    let ended = session.engine.state == .ended
    return SavedQueue(
      paths: paths,
      index: ended ? 0 : session.startRequest?.index ?? session.currentTrackIndex ?? 0,
      shuffle: player?.isShuffled ?? false, repeatMode: (player?.repeatMode ?? .none).rawValue)
  }
}
