import Glibc

/// A pthread mutex with a condition variable whose timed waits run on CLOCK_MONOTONIC (a change
/// of the wall clock never shortens or stretches them). Synchronization has no condition
/// variable, and Foundation's `NSCondition` would load libFoundation (and with it ICU), about
/// 6 MB resident; see docs/ARCHITECTURE.md, "Memory".
///
/// The state it guards lives in its owner, which touches it only inside `withLock`.
// @unchecked: owns a pthread mutex and condition, made for many threads, at a fixed address.
public final class Condition: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  public init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
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
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  public func withLock<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Waits until woken (or a spurious wake-up). Call with the lock held.
  public func wait() {
    pthread_cond_wait(condition, mutex)
  }

  /// Waits until woken or `seconds` have passed; false when the time ran out. Lock held.
  @discardableResult
  public func wait(seconds: Double) -> Bool {
    let deadline = SystemClock.monotonicNanos() + Int64(max(0, seconds) * 1e9)
    var spec = timespec()
    spec.tv_sec = Int(deadline / 1_000_000_000)
    spec.tv_nsec = Int(deadline % 1_000_000_000)
    return pthread_cond_timedwait(condition, mutex, &spec) == 0
  }

  /// Wakes every waiting thread.
  public func broadcast() {
    pthread_cond_broadcast(condition)
  }
}
