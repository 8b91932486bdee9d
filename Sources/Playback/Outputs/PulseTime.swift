/// libpulse's times are unsigned microseconds (`pa_usec_t`); the output reckons in signed ones.
/// A time that does not fit is no reading at all: after a track change the interpolated
/// `pa_stream_get_time` once answered 0xfffdd497cba43800, a negative wrapped around, and the
/// plain conversion trapped, ending the player (found by `make bench-soak`, at the 18th of 200
/// track changes).
enum PulseTime {
  static func micros(_ value: UInt64) -> Int64? { Int64(exactly: value) }
}
