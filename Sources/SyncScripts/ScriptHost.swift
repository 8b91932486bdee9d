import LyricsCore
import PlayerContract
import Session

/// The thread a real-clock script run lives on, and the windows (or stand-ins) it shows.
///
/// Everything the session touches (the `PiPController`, the transcript, what is on display) is
/// confined to the host's thread: work from the clock's and the player's threads comes in through
/// `post`. With a display the host is the SDL window loop on the main thread; without one, a
/// serial queue.
public protocol ScriptHost: AnyObject, Sendable {
  /// The strip and the main window the controller drives (used on the host's thread only).
  var strip: FloatingSurface { get }
  var mainWindow: MainSurface { get }
  /// What the desktop offers the controller.
  var desktop: DesktopFacts { get }
  /// Runs `work` on the host's thread, after the work posted before it.
  func post(_ work: @escaping @Sendable () -> Void)
  /// Runs `action` on the host's thread once lyric line `line` is on screen: after the frame that
  /// shows it was presented, or at once when no window shows lyrics.
  func whenLineShown(_ line: Int, _ action: @escaping @Sendable () -> Void)
  /// A new track and its lyrics, for the windows.
  func trackLoaded(_ info: TrackInfo, lyrics: Lyrics)
  /// The session's display clock changed (the player moved, started or stopped, an offset
  /// change, new lyrics): the windows read the lyrics' time from it.
  func clockChanged(_ clock: DisplayClock)
  /// Shows the windows a run starts with (the main window, as `play` does); on the host's thread.
  func showWindows()
  /// Runs the host's thread on the caller's (the main) thread until `stop()`.
  func run()
  func stop()
}
