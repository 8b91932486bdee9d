import Glibc

/// A pthread mutex with a condition variable whose timed waits run on CLOCK_MONOTONIC (a change
/// of the wall clock never shortens or stretches them).
///
/// Used instead of Foundation's `NSCondition` so the program does not load libFoundation (and
/// with it ICU), which alone is about 6 MB resident; see docs/ARCHITECTURE.md, "Memory".
public final class Condition: @unchecked Sendable {
  private let lock = Mutex()
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  public init() {
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deinitialize(count: 1)
    condition.deallocate()
  }

  public func withLock<T>(_ body: () throws -> T) rethrows -> T {
    try lock.withLock(body)
  }

  /// Waits until woken (or a spurious wake-up). Call with the lock held.
  public func wait() {
    pthread_cond_wait(condition, lock.mutex)
  }

  /// Waits until woken or `seconds` have passed; false when the time ran out. Lock held.
  @discardableResult
  public func wait(seconds: Double) -> Bool {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let nanos = Int64(now.tv_nsec) + Int64(max(0, seconds) * 1e9)
    var deadline = timespec()
    deadline.tv_sec = now.tv_sec + Int(nanos / 1_000_000_000)
    deadline.tv_nsec = Int(nanos % 1_000_000_000)
    return pthread_cond_timedwait(condition, lock.mutex, &deadline) == 0
  }

  /// Wakes one waiting thread.
  public func signal() {
    pthread_cond_signal(condition)
  }

  /// Wakes every waiting thread.
  public func broadcast() {
    pthread_cond_broadcast(condition)
  }
}
