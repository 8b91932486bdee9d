/// What happens at the end of a track and of the queue (`--repeat`, MPRIS `LoopStatus`).
public enum RepeatMode: String, Sendable, CaseIterable {
  /// The queue plays once.
  case none
  /// The current track plays again and again (a skip still moves on).
  case track
  /// After the last track, the first one again.
  case all
}

extension RepeatMode {
  /// The next mode of the R key: none → all → track → none.
  public var cycled: RepeatMode {
    switch self {
    case .none: .all
    case .all: .track
    case .track: .none
    }
  }
}
