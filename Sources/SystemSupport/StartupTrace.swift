import Glibc

/// Marks of the way from launch to the first sound, written to stderr when the environment has
/// `LYRICPIP_TRACE_START` (any value): `lyricpip start: MONO_NS WHAT`, MONO_NS being
/// CLOCK_MONOTONIC in nanoseconds, so `scripts/bench-first-sound --trace` can set them beside the
/// instant it launched the process and the instant the sound was recorded. Off, a mark costs one
/// load of a flag read once.
public enum StartupTrace {
  /// Read once, at the first mark.
  private static let enabled: Bool = getenv("LYRICPIP_TRACE_START") != nil

  /// Writes the mark `what` now, when tracing is on. A mark made on a path taken many times
  /// (a write to the output) is read by its first line; the reader keeps the first of each.
  public static func mark(_ what: StaticString) {
    guard enabled else { return }
    OutputFile.standardError.write(line(what.description, atNanos: SystemClock.monotonicNanos()))
  }

  /// One mark's line.
  static func line(_ what: String, atNanos nanos: Int64) -> String {
    "lyricpip start: \(nanos) \(what)\n"
  }
}
