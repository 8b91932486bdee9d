import Dispatch
import Locking
import PlaySetup
import TestSupport
import Testing

@testable import LyricpipApp

/// The check of `play`'s first files runs on its own thread: `play` waits a bounded time for
/// it, then goes on and hears of it later, unless the run ended first.
@Suite(.tags(.sanitized)) struct FirstTracksCheckTests {
  /// A check that ends when `release` is signalled, failing with exit 2.
  private func heldCheck(_ release: DispatchSemaphore) -> FirstTracksCheck {
    FirstTracksCheck {
      _ = release.wait(timeout: .now() + 10)
      return .failure(QueueFailure(status: .unreadableInput, message: "not audio"))
    }
  }

  @Test func aSlowCheckIsHeardOfLater() throws {
    let release = DispatchSemaphore(value: 0)
    let check = heldCheck(release)
    #expect(check.wait(seconds: 0.05) == nil)
    let heard = DispatchSemaphore(value: 0)
    let message = Mutex<String?>(nil)
    check.whenDone { outcome in
      if case .failure(let failure) = outcome { message.withLock { $0 = failure.message } }
      heard.signal()
    }
    release.signal()
    #expect(heard.wait(timeout: .now() + 10) == .success)
    #expect(message.withLock { $0 } == "not audio")
    // Told at once when it is over already.
    let toldAtOnce = Mutex(false)
    check.whenDone { _ in toldAtOnce.withLock { $0 = true } }
    #expect(toldAtOnce.withLock { $0 })
  }

  @Test func aCheckThatEndsAfterTheRunIsNotHandedOn() throws {
    let release = DispatchSemaphore(value: 0)
    let check = heldCheck(release)
    let called = Mutex(false)
    check.whenDone { _ in called.withLock { $0 = true } }
    #expect(check.cancel() == nil)
    release.signal()
    #expect(poll(timeout: 10) { check.outcome != nil })
    #expect(called.withLock { $0 } == false)
  }
}
