/// A clock for tests and virtual-time scripts: time moves only when `advance` is called, and
/// due work runs inside that call, in deadline order (ties in scheduling order).
public final class ManualClock: EventClock, @unchecked Sendable {
  private struct Entry {
    let deadline: Int64
    let sequence: Int
    let handle: ScheduledWork
    let work: @Sendable () -> Void
  }

  // Guarded by `lock`.
  private let lock = Mutex()
  private var now: Int64
  private var nextSequence = 0
  private var pending: [Entry] = []

  public init(startNanos: Int64 = 0) { now = startNanos }

  public var nowNanos: Int64 { lock.withLock { now } }

  @discardableResult
  public func schedule(at deadlineNanos: Int64, _ work: @escaping @Sendable () -> Void)
    -> ScheduledWork
  {
    let handle = ScheduledWork()
    lock.withLock {
      pending.append(
        Entry(deadline: deadlineNanos, sequence: nextSequence, handle: handle, work: work))
      nextSequence += 1
    }
    return handle
  }

  /// The earliest pending deadline, if any (cancelled work excluded).
  public var nextDeadlineNanos: Int64? {
    lock.withLock { pending.filter { !$0.handle.isCancelled }.map(\.deadline).min() }
  }

  /// Moves time forward to `now + nanos`, running every piece of work that falls due on the way,
  /// with the clock reading that work's deadline while it runs. Work scheduled by work is run
  /// too if it falls due before the target.
  public func advance(by nanos: Int64) {
    let target = lock.withLock { now } + nanos
    advance(to: target)
  }

  /// Moves time forward to `target` (never backwards), running due work as `advance(by:)` does.
  public func advance(to target: Int64) {
    while let entry = popDue(notAfter: target) {
      if !entry.handle.isCancelled { entry.work() }
    }
    lock.withLock { now = max(now, target) }
  }

  private func popDue(notAfter target: Int64) -> Entry? {
    lock.withLock {
      guard
        let index = pending.indices.filter({ pending[$0].deadline <= target }).min(by: {
          (pending[$0].deadline, pending[$0].sequence) < (
            pending[$1].deadline, pending[$1].sequence
          )
        })
      else { return nil }
      let entry = pending.remove(at: index)
      now = max(now, entry.deadline)
      return entry
    }
  }
}
