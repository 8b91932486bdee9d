// The pthread mutex under `Mutex`'s ThreadSanitizer twin (Mutex.swift says why), the one C
// library call of this module.
#if LYRICPIP_TSAN
  import Glibc

  /// The value and the mutex, at addresses that do not move for the mutex's lifetime.
  final class MutexStorage<Value: ~Copyable> {
    let value: UnsafeMutablePointer<Value>
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(_ initialValue: consuming Value) {
      value = .allocate(capacity: 1)
      value.initialize(to: initialValue)
      mutex = .allocate(capacity: 1)
      pthread_mutex_init(mutex, nil)
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }

    deinit {
      pthread_mutex_destroy(mutex)
      mutex.deallocate()
      value.deinitialize(count: 1)
      value.deallocate()
    }
  }
#endif
