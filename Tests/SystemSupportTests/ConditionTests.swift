import Dispatch
import Locking
import SystemSupport
import Testing

@Suite("Condition", .timeLimit(.minutes(5)))
struct ConditionTests {
  @Test("a timed wait with nobody to wake it times out, and no sooner than asked")
  func timesOut() {
    let condition = Condition()
    let start = SystemClock.monotonicNanos()
    let woken = condition.withLock { condition.wait(seconds: 0.05) }
    #expect(!woken)
    #expect(SystemClock.monotonicNanos() - start >= 50_000_000)
  }

  @Test("broadcast wakes a thread that is waiting, long before its timeout")
  func broadcastWakes() throws {
    let condition = Condition()
    let waiting = Atomic(false)
    let woken = Atomic(false)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      condition.withLock {
        // Set under the lock, which the wait gives up atomically: once the test thread holds
        // the lock and sees this, the waiter is inside `wait`.
        waiting.store(true, ordering: .releasing)
        woken.store(condition.wait(seconds: 30), ordering: .releasing)
      }
      done.signal()
    }
    let start = SystemClock.monotonicNanos()
    while !condition.withLock({ waiting.load(ordering: .acquiring) }) {
      try #require(SystemClock.monotonicNanos() - start < 10_000_000_000)
    }
    condition.withLock { condition.broadcast() }
    #expect(done.wait(timeout: .now() + 10) == .success)
    let wasWoken = woken.load(ordering: .acquiring)
    #expect(wasWoken)
  }
}
