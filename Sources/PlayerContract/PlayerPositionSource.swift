/// What the session follows, whoever plays: the heard position, the state and the track, and
/// the events that say when they change. Our own `Player` and a player followed over MPRIS both
/// are one; neither needs to take commands to be followed.
///
/// Implementations are thread-safe: the session reads them from the clock's, the player's, the
/// window loop's and the desktop's threads.
public protocol PlayerPositionSource: HeardPositionSource {
  var state: PlayerState { get }
  /// The current track, nil when none is loaded.
  var currentTrack: TrackInfo? { get }
  /// The name of the sound output, for the `ready` event.
  var outputName: String { get }
  /// Calls `observer` for every event, on the source's threads.
  func addObserver(_ observer: @escaping @Sendable (PlayerEvent) -> Void)
}
