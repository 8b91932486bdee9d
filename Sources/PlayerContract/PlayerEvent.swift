/// What the player is doing.
public enum PlayerState: Sendable {
  case playing, paused, stopped, ended
}

/// Something the player reports to its observers.
public enum PlayerEvent: Equatable, Sendable {
  /// A new track is current (its position starts at 0, or wherever it was sought).
  case trackChanged(index: Int, info: TrackInfo)
  case stateChanged(PlayerState, positionNanos: Int64)
  case sought(positionNanos: Int64)
  /// The heard position started moving (the output really started): plan from it now.
  case outputStarted
  /// The sound server went away; the output tries to get it back, keeping the position.
  case outputLost(String)
  /// No sound server answered at start; the output waits for one, and plays once it answers
  /// (`outputReconnected`).
  case outputWaiting(String)
  case outputReconnected
  /// The sound server ran out of audio while playing: a gap was heard. `count`: how many so far.
  case outputUnderflow(count: Int)
  /// Shuffle or repeat changed.
  case orderChanged(shuffled: Bool, repeatMode: RepeatMode)
  /// The volume changed (0 to 1), whoever set it.
  case volumeChanged(Double)
  /// A track of the queue could not be opened and was skipped.
  case trackFailed(path: String, message: String)
  /// A track ended before its length (a read error, or its file cut short while it played);
  /// the queue goes on as at any end.
  case trackEndedEarly(path: String, message: String)
}
