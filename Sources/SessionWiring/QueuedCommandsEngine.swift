import Dispatch
import Locking
import LyricsCore
import Playback
import PlayerContract

/// The player behind `play`, with its commands carried out in order on a thread of their own
/// (`lyricpip.commands`), so that whoever gives one (the window loop, the bus, the signal
/// thread) never waits for a file. A seek reads the file (an Ogg seek bisects it), and so does a
/// track change (FFmpeg's probe); on a slow file system (a network share, a disk waking up) each
/// read may take a second, and the window and MPRIS would stop answering for as long. What is
/// asked (the state, the position, the track) is answered at once, from the player as it is;
/// what a command did is told, as always, by the player's events.
public final class QueuedCommandsEngine: PlaybackEngine {
  public let player: Player
  private let commands = DispatchQueue(label: "lyricpip.commands")
  /// Until `queueCommands`, a command runs in the caller's thread (the start, before the
  /// window and the bus answer).
  private let queueing = Atomic(false)

  public init(_ player: Player) { self.player = player }

  public var state: PlayerState { player.state }
  public var currentTrack: TrackInfo? { player.currentTrack }
  public var outputName: String { player.outputName }
  public var volume: Double { player.volume }
  public func heardPosition() -> HeardPosition { player.heardPosition() }
  public func addObserver(_ observer: @escaping @Sendable (PlayerEvent) -> Void) {
    player.addObserver(observer)
  }
  /// No file is read: at once.
  public func setVolume(_ volume: Double) { player.setVolume(volume) }

  public func load(_ items: [PlayerItem], startIndex: Int) {
    run { $0.load(items, startIndex: startIndex) }
  }
  public func append(_ items: [PlayerItem]) { run { $0.append(items) } }
  public func play() { run { $0.play() } }
  public func pause() { run { $0.pause() } }
  public func stop() { run { $0.stop() } }
  public func seek(toNanos nanos: Int64) { run { $0.seek(toNanos: nanos) } }
  public func next() { run { $0.next() } }
  public func previous() { run { $0.previous() } }

  /// From now on the commands go to their thread.
  public func queueCommands() { queueing.store(true, ordering: .sequentiallyConsistent) }

  private func run(_ command: @escaping @Sendable (Player) -> Void) {
    let player = player
    guard queueing.load(ordering: .sequentiallyConsistent) else {
      command(player)
      return
    }
    commands.async { command(player) }
  }
}

extension LyricsSession {
  /// The player behind the session, for what only a `Player` has (shuffle, repeat); nil when
  /// another engine (a followed player, a script's) runs it.
  public var player: Player? {
    (engine as? QueuedCommandsEngine)?.player ?? engine as? Player
  }
}
