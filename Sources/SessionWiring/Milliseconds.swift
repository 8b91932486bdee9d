import LyricsCore
import PlayerContract

extension Int64 {
  /// Nanoseconds as whole milliseconds, rounded down (also below zero), as every event writes
  /// positions.
  public var wholeMilliseconds: Int { HeardPosition(nanos: self, isAdvancing: false).milliseconds }
}
