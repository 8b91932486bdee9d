import LyricsCore
import Playback

/// Where the position comes from, and where the transport commands go: our own `Player` today; a
/// player followed over MPRIS later, or a stand-in in tests. The session wiring reads the heard
/// position from it, sends it play/pause/seek, and replans on every event it reports.
///
/// Implementations are thread-safe: the wiring calls them from the clock's, the player's, the
/// window loop's and the desktop's threads.
public protocol PlaybackEngine: HeardPositionSource {
  var state: PlayerState { get }
  /// The current track, nil when none is loaded.
  var currentTrack: TrackInfo? { get }
  /// The name of the sound output, for the `ready` event.
  var outputName: String { get }

  /// Replaces the queue and makes `startIndex` current (stopped); reports `trackChanged` or
  /// `trackFailed`.
  func load(_ items: [PlayerItem], startIndex: Int)
  /// Adds items at the end of the queue; what plays goes on.
  func append(_ items: [PlayerItem])
  func play()
  func pause()
  func stop()
  func seek(toNanos nanos: Int64)
  func next()
  func previous()
  /// 0 (silent) to 1; a change is reported as `volumeChanged`.
  var volume: Double { get }
  func setVolume(_ volume: Double)
  /// Calls `observer` for every event, on the engine's threads.
  func addObserver(_ observer: @escaping @Sendable (PlayerEvent) -> Void)
}

extension Player: PlaybackEngine {
  public var outputName: String { output.name }
}
