import Locking
import SystemSupport
import TestSupport
import Testing

@testable import Desktop

/// Connecting again to a bus that takes the connection and then says nothing (a daemon that
/// came back hung): each wait is bounded, and a stop ends the attempt at once.
// The limit is a safety net, as for the other suites of the parallel run (5 minutes): there a
// test may wait its turn behind others that block the two test threads, and the clock runs
// meanwhile (a 1-minute limit failed in CI so, with both bodies taking 0.3 s once they ran).
// The bounds that matter are measured inside each test, from its own start.
@Suite(.timeLimit(.minutes(5))) struct SilentBusTests {
  let temporary: TemporaryDirectory
  let silent: SilentSocket

  init() throws {
    temporary = try TemporaryDirectory()
    silent = try SilentSocket(path: temporary.url.appendingPathComponent("bus").path)
  }

  @Test func theHandshakeWithABusThatSaysNothingIsGivenUpAtItsTimeout() throws {
    let connection = try BusConnection(address: silent.address)
    let start = SystemClock.monotonicNanos()
    #expect(throws: DesktopBusError.self) {
      try connection.waitUntilReady(timeoutMicros: 300_000)
    }
    let seconds = Double(SystemClock.monotonicNanos() - start) / 1e9
    #expect(seconds >= 0.29 && seconds < 1, "gave up after \(seconds) s")
  }

  /// What the test and the reconnecting thread share.
  final class Shared: Sendable {
    let stopping = Atomic(false)
    let outcome = Mutex<(ended: Bool, connected: Bool, at: Int64)>((false, false, 0))
  }

  @Test func aStopWhileTheNewBusSaysNothingEndsTheAttemptAtOnce() throws {
    let wake = try #require(WakePipe())
    let shared = Shared()
    let silentAddress = silent.address
    let attempts = BusReconnect(
      wakeFD: wake.fd,
      stopping: {
        wake.drain()
        return shared.stopping.load(ordering: .relaxed)
      },
      open: { () throws(DesktopBusError) in try BusConnection(address: silentAddress) })
    _ = DetachedThread.start(name: "test.reconnect") {
      let connected = attempts.connect(claiming: "org.lyricpip.Test") != nil
      shared.outcome.withLock { $0 = (true, connected, SystemClock.monotonicNanos()) }
    }
    // The attempt has reached the silent bus: it waits for its answer now.
    try #require(silent.acceptClient(within: 5), "no connection attempt came")
    let stoppedAt = SystemClock.monotonicNanos()
    shared.stopping.store(true, ordering: .relaxed)
    wake.signal()
    #expect(poll(timeout: 10) { shared.outcome.withLock { $0.ended } })
    let outcome = shared.outcome.withLock { $0 }
    let seconds = Double(outcome.at - stoppedAt) / 1e9
    #expect(!outcome.connected)
    #expect(seconds < 0.5, "the stop took \(seconds) s")
  }
}
