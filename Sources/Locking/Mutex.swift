// The project's locks. Every module imports `Locking` instead of `Synchronization`: it re-exports
// Synchronization (`Mutex`, `Atomic`), so normal builds use Synchronization's own `Mutex`.
//
// Under ThreadSanitizer (`make test-tsan` builds with `-DLYRICPIP_TSAN`) a twin of `Mutex` with
// the same API takes its place. Why: on Linux, Synchronization's `Mutex` waits on a futex inside
// the standard library, which is not instrumented, so ThreadSanitizer cannot see it order the
// accesses it guards and reports every one of them as a race (a two-thread program that only
// touches its state inside `withLock` reports "Swift access race" with this toolchain). The twin
// locks a pthread mutex, which ThreadSanitizer understands, and keeps the value in raw memory
// that the mutex orders, so a real race (an access outside the lock) is still reported.
#if LYRICPIP_TSAN
  @_exported import Synchronization

  /// Synchronization's `Mutex` API over a pthread mutex, for ThreadSanitizer builds only.
  public struct Mutex<Value: ~Copyable>: ~Copyable {
    private let storage: MutexStorage<Value>

    public init(_ initialValue: consuming Value) {
      storage = MutexStorage(initialValue)
    }

    public borrowing func withLock<Result: ~Copyable, E: Error>(
      _ body: (inout Value) throws(E) -> Result
    ) throws(E) -> Result {
      storage.lock()
      defer { storage.unlock() }
      return try body(&storage.value.pointee)
    }
  }

  // @unchecked: the value is only reached inside `withLock`, under the pthread mutex.
  extension Mutex: @unchecked Sendable where Value: ~Copyable {}
#else
  @_exported import Synchronization
#endif
