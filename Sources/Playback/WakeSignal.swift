import Locking
import SystemSupport

/// Lets one thread sleep until another says something changed, with a timeout, without losing a
/// wake-up that comes between its look at the state and its sleep: it notes `generation` first,
/// looks, and then sleeps only while the generation is still the one it noted.
///
/// The state itself lives elsewhere (behind a `Mutex`); this holds only the counter, so a waker
/// never waits behind the sleeper's work. The counter is atomic so that it can be read without
/// the lock, and it only moves with `condition`'s lock held, so a sleeper that saw the old value
/// under that lock is always woken.
final class WakeSignal: Sendable {
  private let condition = Condition()
  private let count = Atomic<UInt64>(0)

  /// Note this before looking at the state.
  var generation: UInt64 { count.load(ordering: .acquiring) }

  /// Wakes every thread sleeping in `wait(after:seconds:)`.
  func signal() {
    condition.withLock {
      count.wrappingAdd(1, ordering: .releasing)
      condition.broadcast()
    }
  }

  /// Sleeps until the generation moves past `seen`, however long that takes: for a sleeper
  /// that every change it waits for signals, so that it never wakes to find nothing new.
  func wait(after seen: UInt64) {
    condition.withLock {
      while count.load(ordering: .relaxed) == seen { condition.wait() }
    }
  }

  /// Sleeps until the generation moves past `seen`, or `seconds` passed (a spurious wake-up
  /// sleeps only for what is left).
  func wait(after seen: UInt64, seconds: Double) {
    let deadline = SystemClock.monotonicNanos() + Int64(seconds * 1e9)
    condition.withLock {
      while count.load(ordering: .relaxed) == seen {
        let left = deadline - SystemClock.monotonicNanos()
        guard left > 0, condition.wait(seconds: Double(left) / 1e9) else { return }
      }
    }
  }
}
