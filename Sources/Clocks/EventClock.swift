/// A monotonic clock that can run work at a future instant.
///
/// Everything that waits (the sync scheduler, the session's grace period) takes one of these,
/// so tests drive time with `ManualClock.advance(by:)` instead of sleeping, and the app uses
/// `SystemClock`. Instants are nanoseconds on the clock's own monotonic scale.
public protocol EventClock: AnyObject, Sendable {
  /// The current instant in nanoseconds.
  var nowNanos: Int64 { get }
  /// Runs `work` once at or after `deadline`. Cancel the returned task to drop it.
  @discardableResult
  func schedule(at deadlineNanos: Int64, _ work: @escaping @Sendable () -> Void) -> ScheduledWork
}
