import Locking
import SystemSupport

/// What the process does when its X server goes away (killed, crashed, the session ended).
///
/// Xlib learns it inside whatever call of the main window's or the desktop watch's connection
/// comes next, on that thread, and calls the process's IO error handler, which must not return.
/// Its default prints "XIO: fatal IO error" and calls `exit(1)` from that thread while the others
/// run on, so the state was never saved and the exit handlers raced the player. Here the first
/// thread to hear it runs the app's `onLoss` action (which saves the state without touching the
/// windows and ends the process with `_exit`); any other thread that hears it later waits for
/// that end, touching nothing.
public enum DisplayLoss {
  private static let action = Mutex<(@Sendable () -> Never)?>(nil)
  private static let heard = Atomic<Bool>(false)

  /// Sets what the loss of the display does (once the player and its state exist). Until then
  /// a loss prints one line and ends the process with status 69.
  public static func onLoss(_ lost: @escaping @Sendable () -> Never) {
    action.withLock { $0 = lost }
  }

  /// Called by Xlib's IO error handler, on the thread whose connection failed.
  static func displayLost() -> Never {
    if heard.exchange(true, ordering: .acquiringAndReleasing) {
      // Another thread is ending the process.
      SystemProcess.sleepForever()
    }
    if let lost = action.withLock({ $0 }) { lost() }
    SystemProcess.failNow("lyricpip: the X server went away; quitting\n", status: 69)
  }
}
