import Glibc

/// A small pthread mutex for state shared with C callbacks and timer threads.
///
/// `Synchronization.Mutex` needs a noncopyable owner, which does not fit classes that C callbacks
/// reach through an unmanaged pointer; this one is a plain class.
public final class Mutex: @unchecked Sendable {
  /// Internal so that `Condition` can wait on this very mutex.
  let mutex: UnsafeMutablePointer<pthread_mutex_t>

  public init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  public func withLock<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
