import Glibc
import Locking

/// Marks of the way from launch to the first sound, written to stderr when the environment has
/// `LYRICPIP_TRACE_START` (any value): `lyricpip start: MONO_NS WHAT`, MONO_NS being
/// CLOCK_MONOTONIC in nanoseconds, so `scripts/bench-first-sound --trace` can set them beside the
/// instant it launched the process and the instant the sound was recorded. Each mark is written
/// once, the first time it is reached (a mark on a path taken for every chunk says when the first
/// one came). Off, a mark costs one load of a flag read once.
public enum StartupTrace {
  /// Read once, at the first mark.
  private static let enabled: Bool = getenv("LYRICPIP_TRACE_START") != nil
  /// The marks written so far.
  private static let written = Mutex<Set<String>>([])

  /// Writes the mark `what` now, when tracing is on and it was not written before.
  public static func mark(_ what: StaticString) {
    guard enabled else { return }
    let nanos = SystemClock.monotonicNanos()
    let name = what.description
    guard written.withLock({ $0.insert(name).inserted }) else { return }
    OutputFile.standardError.write(line(name, atNanos: nanos))
  }

  /// One mark's line.
  static func line(_ what: String, atNanos nanos: Int64) -> String {
    "lyricpip start: \(nanos) \(what)\n"
  }
}
