import Locking

/// A clock for tests and virtual-time scripts: time moves only when `advance` is called, and
/// due work runs inside that call, in deadline order (ties in scheduling order).
public final class ManualClock: EventClock {
  private struct Entry {
    let deadline: Int64
    let sequence: Int
    let handle: ScheduledWork
    let work: @Sendable () -> Void
  }

  private struct State {
    var now: Int64
    var nextSequence = 0
    var pending: [Entry] = []
  }

  private let state: Mutex<State>

  public init(startNanos: Int64 = 0) { state = Mutex(State(now: startNanos)) }

  public var nowNanos: Int64 { state.withLock { $0.now } }

  @discardableResult
  public func schedule(at deadlineNanos: Int64, _ work: @escaping @Sendable () -> Void)
    -> ScheduledWork
  {
    let handle = ScheduledWork()
    state.withLock {
      $0.pending.append(
        Entry(deadline: deadlineNanos, sequence: $0.nextSequence, handle: handle, work: work))
      $0.nextSequence += 1
    }
    return handle
  }

  /// The earliest pending deadline, if any (cancelled work excluded): lets a test check that
  /// nothing is left planned.
  public var nextDeadlineNanos: Int64? {
    state.withLock { $0.pending.filter { !$0.handle.isCancelled }.map(\.deadline).min() }
  }

  /// Moves time forward to `now + nanos`, running every piece of work that falls due on the way,
  /// with the clock reading that work's deadline while it runs. Work scheduled by work is run
  /// too if it falls due before the target.
  public func advance(by nanos: Int64) {
    advance(to: nowNanos + nanos)
  }

  /// Moves time forward to `target` (never backwards), running due work as `advance(by:)` does.
  /// The work runs outside the lock, so it may schedule more.
  public func advance(to target: Int64) {
    while let entry = popDue(notAfter: target) {
      if !entry.handle.isCancelled { entry.work() }
    }
    state.withLock { $0.now = max($0.now, target) }
  }

  private func popDue(notAfter target: Int64) -> Entry? {
    state.withLock { state in
      let due = state.pending.indices.filter { state.pending[$0].deadline <= target }
      guard
        let index = due.min(by: {
          (state.pending[$0].deadline, state.pending[$0].sequence)
            < (state.pending[$1].deadline, state.pending[$1].sequence)
        })
      else { return nil }
      let entry = state.pending.remove(at: index)
      state.now = max(state.now, entry.deadline)
      return entry
    }
  }
}
