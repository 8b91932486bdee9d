/// A front end as the session tells it what plays and what to show: the terminal
/// (`--no-window`), the SDL windows, a script's stand-ins or nothing. `LyricsSession` drives it;
/// it never decides timing itself and never writes the session's state (the offset, the
/// timeline): it is told. What it is told about a new track's lyrics names the lyrics model, so
/// that one method is `LyricsPresenter`'s (SessionWiring), which refines this one.
///
/// Methods are called from any thread (the clock's, the player's); an implementation hops to its
/// own thread if it needs one and must be thread-safe.
public protocol PlaybackPresenter: AnyObject, Sendable {
  /// Shows a new line or word. Calls `presented` once it is visible (printed, or the frame that
  /// shows it presented), so the `line` event carries the moment the user could see it: with
  /// that moment (CLOCK_MONOTONIC seconds) when the front end knows it (a window that put the
  /// line up on its own clock before it was told), else nil for "now".
  func show(_ display: LyricsDisplay, presented: @escaping @Sendable (Double?) -> Void)
  /// The player's state changed (for a status line or controls).
  func stateChanged(_ state: PlayerState, positionNanos: Int64)
  /// The session's display clock is now `clock` (a play, pause, seek, output start, new
  /// lyrics, an offset or latency change, or the scheduler reading the heard position again;
  /// always before the `show` it brings): a front end that times lines itself (the windows)
  /// reads the line and word from it at each frame, with `Timeline.position(at:on:)`.
  func clockChanged(_ clock: DisplayClock)
  /// Where the current track's lyrics came from, or why it has no lines (after `trackChanged`,
  /// and again when a lookup answers).
  func lyricsStatusChanged(_ status: LyricsStatus)
  /// The session is over; restore the terminal or close windows.
  func finish()
}

/// What to show: a line and the word being sung.
public struct LyricsDisplay: Equatable, Sendable {
  /// -1: nothing yet.
  public var lineIndex: Int
  public var wordIndex: Int?
  public var text: String
  public var translation: String?
  public var lineChanged: Bool
  /// The heard position when the change was decided.
  public var heardNanos: Int64

  public init(
    lineIndex: Int, wordIndex: Int?, text: String, translation: String?, lineChanged: Bool,
    heardNanos: Int64
  ) {
    self.lineIndex = lineIndex
    self.wordIndex = wordIndex
    self.text = text
    self.translation = translation
    self.lineChanged = lineChanged
    self.heardNanos = heardNanos
  }
}

extension PlaybackPresenter {
  public func clockChanged(_ clock: DisplayClock) {}
  public func lyricsStatusChanged(_ status: LyricsStatus) {}
}
