import Locking
import SystemSupport
import Testing

@testable import LyricsOnline

@Suite struct SideBySideTests {
  /// Every item's work runs at once: the first waits until the others have started (on one
  /// thread after another it would wait in vain), and the outputs keep the items' order.
  @Test func theItemsRunAtOnceAndTheOutputsKeepTheirOrder() {
    let started = Condition()
    let count = Mutex(0)
    let outputs = SideBySide.map([0, 1, 2, 3], name: "test.side-by-side") { item -> String in
      started.withLock {
        count.withLock { $0 += 1 }
        started.broadcast()
      }
      if item == 0 {
        let sawAll = started.withLock { () -> Bool in
          var waited = 0
          while count.withLock({ $0 }) < 4, waited < 100 {
            _ = started.wait(seconds: 0.05)
            waited += 1
          }
          return count.withLock { $0 } == 4
        }
        return sawAll ? "0 saw all" : "0 alone"
      }
      return "\(item)"
    }
    #expect(outputs == ["0 saw all", "1", "2", "3"])
  }

  @Test func oneItemRunsHereAndNoneIsNothing() {
    #expect(SideBySide.map([7], name: "test") { $0 * 2 } == [14])
    #expect(SideBySide.map([Int](), name: "test") { $0 }.isEmpty)
  }
}
