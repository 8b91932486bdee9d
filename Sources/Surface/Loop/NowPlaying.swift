/// What the windows show about the track, fed by the app from the player: plain values, so the
/// windows know nothing of Playback.
public struct NowPlaying: Equatable, Sendable {
  public var title: String
  public var artist: String
  /// Track length, nil while unknown.
  public var durationMs: Int?
  /// The heard audio position at the instant `atNanos`.
  public var positionMs: Int
  /// An instant of the window loop's clock (`SDLEventLoop.clock`): the windows move the
  /// position on from it by that clock, so it must be read from that same clock.
  public var atNanos: Int64
  public var isPlaying: Bool
  /// The live extra offset (`--offset`, `+`/`-` keys); lyric time = position + offset.
  public var offsetMs: Int
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
    self.positionMs = positionMs
    self.atNanos = atNanos
    self.isPlaying = isPlaying
    self.offsetMs = offsetMs
    self.linearOnly = linearOnly
  }

  /// The audio position at `nanos`: it moves on while playing, never past the end.
  public func position(atNanos nanos: Int64) -> Int {
    guard isPlaying else { return positionMs }
    let moved = positionMs + Int((nanos - atNanos) / 1_000_000)
    return durationMs.map { min(moved, $0) } ?? moved
  }

  /// The lyric time at `nanos` (position plus the live offset).
  public func lyricMs(atNanos nanos: Int64) -> Int { position(atNanos: nanos) + offsetMs }
}
