/// What happens at the end of a track and of the queue (`--repeat`, MPRIS `LoopStatus`).
public enum RepeatMode: String, Sendable, CaseIterable {
  /// The queue plays once.
  case none
  /// The current track plays again and again (a skip still moves on).
  case track
  /// After the last track, the first one again.
  case all
}
