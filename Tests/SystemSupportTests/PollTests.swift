import Testing

@testable import SystemSupport

/// `Poll.wait`: a signal ends the wait as if nothing were ready, so a caller's loop works out
/// what is left of its deadline; any other failure is an error.
@Suite struct PollTests {
  @Test func aSignalEndsTheWaitWithNothingReady() throws {
    let pipe = try #require(WakePipe())
    pipe.signal()
    var descriptors = [PollDescriptor(fd: pipe.fd, events: Poll.readable)]
    let interrupted = SystemCallMock.failing(.poll, with: .interrupted).run {
      Poll.wait(&descriptors, timeoutMs: -1)
    }
    #expect(interrupted == .success(0))
    #expect(descriptors[0].returned == 0)
    #expect(Poll.wait(&descriptors, timeoutMs: -1) == .success(1))
    #expect(descriptors[0].returned & Poll.readable != 0)
  }

  @Test func otherFailuresAreErrors() {
    var descriptors = [PollDescriptor(fd: 0, events: Poll.readable)]
    let failed = SystemCallMock.failing(.poll, with: .noMemory).run {
      Poll.wait(&descriptors, timeoutMs: 0)
    }
    #expect(failed == .failure(.noMemory))
  }
}
