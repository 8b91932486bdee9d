import SystemSupport
import TestSupport
import Testing

@testable import Desktop

/// `BusConnection.wait` sleeps in SystemSupport's `Poll.wait`, the program's one poll, so that a
/// signal and a failure are handled there as for every other wait (not by `sd_bus_wait` on its
/// own). The silent bus keeps the wait from ending early by itself.
extension SilentBusTests {
  @Test func aFailedPollIsTheWaitsError() throws {
    let connection = try BusConnection(address: silent.address)
    let failure = SystemCallMock.failing(.poll, with: .noMemory).run { () -> DesktopBusError? in
      do throws(DesktopBusError) {
        try connection.wait(timeoutMicros: 50_000)
        return nil
      } catch {
        return error
      }
    }
    #expect(failure?.operation == "poll")
    #expect(failure?.message == Errno.noMemory.description)
  }

  @Test func aSignalEndsTheWaitEarlyWithoutAnError() throws {
    let connection = try BusConnection(address: silent.address)
    let start = SystemClock.monotonicNanos()
    try SystemCallMock.failing(.poll, with: .interrupted).run {
      try connection.wait(timeoutMicros: 5_000_000)
    }
    let seconds = Double(SystemClock.monotonicNanos() - start) / 1e9
    #expect(seconds < 2.5, "the interrupted wait went on for \(seconds) s")
  }
}
