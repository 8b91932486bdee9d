import Foundation
import Session
import Synchronization
import TestSupport
import Testing

@testable import Surface

extension DisplayTests {
  /// A descriptor the loop watches (the native strip's Wayland connection) is answered on the
  /// loop once for each time something arrives, not again while nothing new comes, and never
  /// after the watch is stopped.
  @Suite struct LoopFileWatchTests {
    let host: UIHost

    init() throws { host = try UIHost.shared() }

    /// A non-blocking pipe: the read end is watched, the test writes into the other.
    final class Pipe: Sendable {
      let readEnd: Int32
      let writeEnd: Int32
      let calls = Mutex(0)

      init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SurfaceError("pipe failed") }
        readEnd = ends[0]
        writeEnd = ends[1]
        _ = fcntl(readEnd, F_SETFL, O_NONBLOCK)
      }

      deinit {
        close(readEnd)
        close(writeEnd)
      }

      func send() { _ = [UInt8(1)].withUnsafeBytes { write(writeEnd, $0.baseAddress, 1) } }

      /// What the loop's handler does: read all there is (as `dispatchAvailable` does).
      func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(readEnd, $0.baseAddress, 64) }) > 0 {}
        calls.withLock { $0 += 1 }
      }
    }

    @Test func eachArrivalIsAnsweredOnTheLoopAndNothingAfterStop() throws {
      let pipe = try Pipe()
      let watch = try #require(
        try host.sync { loop in
          loop.watch(fileDescriptor: pipe.readEnd) {
            #expect(loop.mailbox.isLoopThread)
            pipe.drain()
          }
        })
      pipe.send()
      #expect(poll(timeout: 10) { pipe.calls.withLock { $0 } == 1 })
      // Read on the loop, the pipe is empty: the watch waits in poll and posts nothing more
      // (a watch that polled again before the loop had read would post again and again).
      usleep(300_000)
      #expect(pipe.calls.withLock { $0 } == 1)
      pipe.send()
      #expect(poll(timeout: 10) { pipe.calls.withLock { $0 } == 2 })
      watch.stop()
      #expect(watch.isStopped)
      pipe.send()
      usleep(300_000)
      try host.sync { _ in }
      #expect(pipe.calls.withLock { $0 } == 2)
    }
  }
}
