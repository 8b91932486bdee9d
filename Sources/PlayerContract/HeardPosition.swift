/// Where the listener is in the current track, as the audio output knows it: the position of the
/// sound leaving the speakers now (the sound server's latency already subtracted).
public struct HeardPosition: Equatable, Sendable {
  /// Position in the track, nanoseconds.
  public var nanos: Int64
  /// True while the position moves with time (playing, and the output really started).
  /// When false the position stands still until the source says otherwise.
  public var isAdvancing: Bool

  public init(nanos: Int64, isAdvancing: Bool) {
    self.nanos = nanos
    self.isAdvancing = isAdvancing
  }

  /// The position in whole milliseconds, rounded down (also for negative values).
  public var milliseconds: Int {
    Int(nanos >= 0 ? nanos / 1_000_000 : -((-nanos + 999_999) / 1_000_000))
  }
}

/// Anything that can say what is heard right now: the player, or a fake in tests.
///
/// A source that starts or stops advancing, or jumps (seek, track change), must tell whoever
/// schedules from it (for `SyncScheduler`, call `replan()`), because the scheduler does not poll.
public protocol HeardPositionSource: AnyObject, Sendable {
  func heardPosition() -> HeardPosition
}
