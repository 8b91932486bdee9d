import Locking

/// A handle to work scheduled on an `EventClock`: cancelled once from any thread, read by the
/// clock just before it would run the work.
public final class ScheduledWork: Sendable {
  private let cancelled = Atomic(false)

  public init() {}

  public func cancel() { cancelled.store(true, ordering: .releasing) }

  public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
}
