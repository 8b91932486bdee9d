import FoundationEssentials
import Playback
import PlayerContract
import Session
import SessionWiring
import SystemSupport

/// Where `play` starts in its queue, and the queue the windowed player left at its last exit,
/// which a launch with no file (the desktop shortcut) plays again.
public enum QueueResume {
  /// The first track and the order the queue plays in.
  public struct Start {
    public var index = 0
    public var shuffle = false
    public var repeatMode = RepeatMode.none
    /// A resumed shuffled queue's saved play order (`SavedQueue.order`), kept instead of a new
    /// shuffle; nil: a new one when `shuffle` is on.
    public var savedOrder: [Int]?

    public init(
      index: Int = 0, shuffle: Bool = false, repeatMode: RepeatMode = .none,
      savedOrder: [Int]? = nil
    ) {
      self.index = index
      self.shuffle = shuffle
      self.repeatMode = repeatMode
      self.savedOrder = savedOrder
    }
  }

  /// The saved queue with the files that are gone left out; nil when there is none (or no state
  /// folder). Read from the state file directly: the windows (and their `WindowStateKeeper`)
  /// do not exist yet when the tracks are prepared.
  public static func savedQueue(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> SavedQueue? {
    guard let directory = StateStore.defaultDirectory(environment: environment) else {
      return nil
    }
    return StateStore(directory: directory).load().state.queue?.keeping {
      FileKind.at($0) == .other
    }
  }

  /// The flags first (`shuffle`, `repeatMode`; nil when not given), then the saved queue's shuffle and repeat when resuming it; a resumed
  /// shuffled queue keeps its saved play order (the same track comes next), and a shuffled
  /// queue that is not resumed starts from a random track.
  public static func order(
    shuffle: Bool?, repeatMode: RepeatMode?, resuming queue: SavedQueue?, count: Int
  ) -> Start {
    var start = Start()
    start.shuffle = shuffle ?? queue?.shuffle ?? false
    start.repeatMode =
      repeatMode ?? queue.flatMap { RepeatMode(rawValue: $0.repeatMode) } ?? .none
    if let queue {
      start.index = queue.index
      if start.shuffle, queue.shuffle { start.savedOrder = queue.order }
    } else if start.shuffle, count > 1 {
      start.index = Int.random(in: 0..<count)
    }
    return start
  }

  /// Sets `start`'s shuffle and repeat on `player`, before its queue is loaded.
  public static func apply(_ start: Start, to player: Player) {
    player.setRepeatMode(start.repeatMode)
    if start.shuffle, let saved = start.savedOrder {
      player.resumeShuffled(inOrder: saved)
    } else {
      player.setShuffled(start.shuffle)
    }
  }

  /// The queue to save at exit: its files, the current one, shuffle (with the play order) and
  /// repeat. A queue that played to its end is kept from the first track of its play order.
  /// Nil for the demo (nothing to resume).
  public static func queueToSave(_ session: LyricsSession) -> SavedQueue? {
    let paths = session.queuePaths.map { AbsolutePath.of($0) }
    guard !paths.isEmpty, paths != [DemoFiles.locate()?.audio].compactMap({ $0 }) else {
      return nil
    }
    let player = session.player
    let order = player?.shuffledOrder
    let ended = session.engine.state == .ended
    return SavedQueue(
      paths: paths,
      index: ended
        ? order?.first ?? 0 : session.startRequest?.index ?? session.currentTrackIndex ?? 0,
      shuffle: player?.isShuffled ?? false, repeatMode: (player?.repeatMode ?? .none).rawValue,
      order: order)
  }
}
