import PlayerContract

/// What the windows show about the track, fed by the app from the player: plain values, so the
/// windows know nothing of Playback. The lyrics' time is the session's `DisplayClock`, as it was
/// published: the windows keep no position or offset of their own.
public struct NowPlaying: Equatable, Sendable {
  public var title: String
  public var artist: String
  /// Track length, nil while unknown.
  public var durationMs: Int?
  /// The session's display clock. Its instants must be those of the window loop's clock
  /// (`SDLEventLoop.clock`; both CLOCK_MONOTONIC in the app): the windows read it at their
  /// frames' instants.
  public var clock: DisplayClock
  /// When the playback must stay linear, the strip hides its skip controls.
  public var linearOnly: Bool
  /// The player's volume, 0 (silent) to 1, shown by the main window's volume control.
  public var volume: Double = 1

  public init(
    title: String = "", artist: String = "", durationMs: Int? = nil, positionMs: Int = 0,
    atNanos: Int64 = 0, isPlaying: Bool = false, offsetMs: Int = 0, linearOnly: Bool = false
  ) {
    self.title = title
    self.artist = artist
    self.durationMs = durationMs
    self.clock = DisplayClock(
      heard: HeardPosition(nanos: Int64(positionMs) * 1_000_000, isAdvancing: isPlaying),
      atNanos: atNanos, offsetMs: offsetMs)
    self.linearOnly = linearOnly
  }

  /// Whether the sound moves on (playing, and the output really started).
  public var isPlaying: Bool { clock.isAdvancing }
  /// The live offset (`--offset`, `+`/`-` keys, the track's saved change).
  public var offsetMs: Int { clock.offsetMs }

  /// The audio position at `nanos` in milliseconds, for the progress shown: never before the
  /// start or past the end.
  public func position(atNanos nanos: Int64) -> Int {
    let heard = HeardPosition(nanos: clock.heardNanos(at: nanos), isAdvancing: false)
    let ms = max(0, heard.milliseconds)
    return durationMs.map { min(ms, $0) } ?? ms
  }

  /// The lyric time at `nanos` (heard position plus the offset and latency), as the scheduler
  /// reads it.
  public func lyricMs(atNanos nanos: Int64) -> Int { clock.lyricMs(at: nanos) }
}
