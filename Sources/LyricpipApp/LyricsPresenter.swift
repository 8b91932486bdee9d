import LyricsCore
import Playback

/// A front end that shows the lyrics: the terminal (`--no-window`) now, the SDL windows later.
/// `PlaySession` drives it; it never decides timing itself.
///
/// Methods are called from any thread (the clock's, the player's); an implementation hops to its
/// own thread if it needs one and must be thread-safe.
public protocol LyricsPresenter: AnyObject, Sendable {
  /// A new track and its lyrics (possibly empty).
  func trackChanged(_ info: TrackInfo, lyrics: Lyrics)
  /// Shows a new line or word. Calls `presented` once it is visible (printed, or the frame that
  /// shows it presented), so the `line` event carries the moment the user could see it.
  func show(_ display: LyricsDisplay, presented: @escaping @Sendable () -> Void)
  /// The player's state changed (for a status line or controls).
  func stateChanged(_ state: PlayerState, positionNanos: Int64)
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

/// A presenter that needs the main thread for its event loop (SDL windows). `play` hands it the
/// main thread instead of waiting; it returns when the session has ended or the user quit.
public protocol MainThreadPresenter: LyricsPresenter {
  func runMainLoop(session: PlaySession, quitsAtEnd: Bool)
}
