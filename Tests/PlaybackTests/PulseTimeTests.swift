import Testing

@testable import Playback

@Suite struct PulseTimeTests {
  @Test func aTimeThatFitsIsKept() {
    #expect(PulseTime.micros(0) == 0)
    #expect(PulseTime.micros(23_217_485_647) == 23_217_485_647)
    #expect(PulseTime.micros(UInt64(Int64.max)) == Int64.max)
  }

  /// What libpulse's interpolated clock once answered after a track change: a negative wrapped
  /// around. It is no reading (the position then stands still), not a trap.
  @Test func aWrappedNegativeTimeIsNoReading() {
    #expect(PulseTime.micros(0xfffd_d497_cba4_3800) == nil)
    #expect(PulseTime.micros(.max) == nil)
  }
}
