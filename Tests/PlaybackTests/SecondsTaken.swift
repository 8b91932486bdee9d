import Dispatch
import Foundation

/// Runs `body` on a thread of its own and says how long it took, or nil when it did not return
/// within `seconds` (a frozen call is left behind; resuming the stopped server frees it). The
/// stalled-server suites time each player command with it.
func secondsTaken(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> Double? {
  let done = DispatchSemaphore(value: 0)
  let start = DispatchTime.now()
  Thread.detachNewThread {
    body()
    done.signal()
  }
  guard done.wait(timeout: start + seconds) == .success else { return nil }
  return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}
