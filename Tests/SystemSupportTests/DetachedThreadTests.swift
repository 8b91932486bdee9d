import Foundation
import Locking
import SystemSupport
import Testing

@Suite("Detached threads", .timeLimit(.minutes(5)))
struct DetachedThreadTests {
  /// What the kernel says the calling thread is called.
  static func threadName() -> String? {
    (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8))?
      .trimmingCharacters(in: .newlines)
  }

  @Test("the thread runs under its name, cut to the 15 bytes Linux keeps")
  func named() throws {
    let seen = Mutex<[String?]>([])
    let done = DispatchSemaphore(value: 0)
    for name in ["lyricpip.mpris", "lyricpip.a-much-longer-name"] {
      let started = DetachedThread.start(name: name) { @Sendable in
        seen.withLock { $0.append(Self.threadName()) }
        done.signal()
      }
      #expect(started)
      #expect(done.wait(timeout: .now() + 10) == .success)
    }
    #expect(seen.withLock { $0 } == ["lyricpip.mpris", "lyricpip.a-much"])
  }
}
