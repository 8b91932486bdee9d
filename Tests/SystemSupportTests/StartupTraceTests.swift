import Testing

@testable import SystemSupport

@Suite("Start-up trace")
struct StartupTraceTests {
  // scripts/bench-first-sound reads these lines: the prefix, the nanoseconds, one space, the
  // mark's name to the end of the line.
  @Test("a mark is one line: the prefix, CLOCK_MONOTONIC in ns, the mark")
  func lineFormat() {
    #expect(
      StartupTrace.line("tracks checked", atNanos: 1_234_567_890_123)
        == "lyricpip start: 1234567890123 tracks checked\n")
  }
}
