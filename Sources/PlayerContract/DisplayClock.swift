/// The one clock the lyrics on display are read from: where the sound was heard at an instant
/// (the anchor), whether it moves on from there, and what turns the sound's time into lyric time
/// (the live offset, the display latency), for the timeline of one revision.
///
/// The session makes it, whole, each time any part changes (a seek, a pause, playing on, the
/// output starting, an offset change, new lyrics, a latency change, and each time the scheduler
/// reads the heard position again) and publishes it to the front end; the scheduler and the
/// windows both read the line and word at an instant from it (`Timeline.position(at:on:)`), so
/// neither keeps an offset or a position of its own.
///
/// Instants are nanoseconds of the session's `EventClock`: CLOCK_MONOTONIC in the app, the same
/// clock the window loop runs on; a `ManualClock`'s time in virtual-time runs.
public struct DisplayClock: Equatable, Sendable {
  /// The heard position read at `atNanos`, and whether it was advancing then.
  public var heard: HeardPosition
  /// The instant `heard` was read.
  public var atNanos: Int64
  /// The live offset, milliseconds; positive: lyrics sooner.
  public var offsetMs: Int
  /// How long showing a line takes after it is decided (a window's frame), nanoseconds: lines
  /// are decided that much early so they appear when heard.
  public var latencyNanos: Int64
  /// Which timeline this clock goes with: bumped each time the session gives the scheduler new
  /// lines.
  public var timelineRevision: Int

  public init(
    heard: HeardPosition = HeardPosition(nanos: 0, isAdvancing: false), atNanos: Int64 = 0,
    offsetMs: Int = 0, latencyNanos: Int64 = 0, timelineRevision: Int = 0
  ) {
    self.heard = heard
    self.atNanos = atNanos
    self.offsetMs = offsetMs
    self.latencyNanos = latencyNanos
    self.timelineRevision = timelineRevision
  }

  /// Whether the position moves on with time.
  public var isAdvancing: Bool { heard.isAdvancing }

  /// The heard position at `instant`: moved on from the anchor while advancing.
  public func heardNanos(at instant: Int64) -> Int64 {
    heard.isAdvancing ? heard.nanos + (instant - atNanos) : heard.nanos
  }

  /// The lyric time at `instant`, nanoseconds: heard position + offset + latency.
  public func lyricNanos(at instant: Int64) -> Int64 {
    heardNanos(at: instant) + Int64(offsetMs) * 1_000_000 + latencyNanos
  }

  /// The lyric time at `instant` in whole milliseconds, rounded down (also below zero).
  public func lyricMs(at instant: Int64) -> Int {
    HeardPosition(nanos: lyricNanos(at: instant), isAdvancing: false).milliseconds
  }

  /// Whether `other` gives the same lyric time as this one at every instant: then publishing it
  /// would tell the front end nothing new.
  public func keepsSameTime(as other: DisplayClock) -> Bool {
    guard
      offsetMs == other.offsetMs, latencyNanos == other.latencyNanos,
      timelineRevision == other.timelineRevision, isAdvancing == other.isAdvancing
    else { return false }
    return isAdvancing
      ? heard.nanos - atNanos == other.heard.nanos - other.atNanos
      : heard.nanos == other.heard.nanos
  }
}
