internal import CX11
import Locking
import Session
import SystemSupport

/// Follows the X desktop by its events, never by polling: a second Xlib connection of its own,
/// on a thread of its own (`lyricpip.desktop`), that sleeps in poll() on the connection and a
/// wake-up pipe, with no timeout. It selects property changes on the root (`_NET_ACTIVE_WINDOW`)
/// and on the active window (`_NET_WM_STATE`, for `_NET_WM_STATE_FULLSCREEN`), the root's size
/// and RandR changes (a monitor added or removed, `xrandr --setmonitor`/`--delmonitor`
/// included), and XFixes notices of the compositing manager's selection (`_NET_WM_CM_Sn`).
/// Each change of the facts goes to `onChange` on that thread; the loop posts it to itself
/// (`SDLEventLoop.followDesktop`). One watch serves the whole process.
///
/// SDL's own connection is not used: SDL reads its events on the loop thread and hands on only
/// those of its windows. Xlib since 1.8 is thread-safe by default, and each connection is used by
/// one thread only anyway. `stop()` (or the last reference going) wakes the thread, which closes
/// its connection and ends; no lock is held while it sleeps.
public final class DesktopWatch: Sendable {
  /// What the desktop around the strip is like now: whether the active window is fullscreen,
  /// the monitors, and whether a compositing manager runs.
  public struct Facts: Equatable, Sendable {
    public var activeWindowIsFullscreen = false
    public var monitors: [ScreenMonitor] = []
    public var compositorRuns = false

    public init(
      activeWindowIsFullscreen: Bool = false, monitors: [ScreenMonitor] = [],
      compositorRuns: Bool = false
    ) {
      self.activeWindowIsFullscreen = activeWindowIsFullscreen
      self.monitors = monitors
      self.compositorRuns = compositorRuns
    }
  }

  /// Whether a compositing manager that starts or ends is seen (the server has XFixes).
  public let followsCompositor: Bool
  private let wake: WakePipe
  private let end = ThreadEnd()

  /// Connects to `$DISPLAY` and starts the thread; nil where that cannot be done (no X server,
  /// no file descriptor or thread left). `onChange` hears the first facts at once.
  public init?(onChange: @escaping @Sendable (Facts) -> Void) {
    guard let wake = WakePipe(), let connection = DesktopWatchConnection() else { return nil }
    self.wake = wake
    followsCompositor = connection.followsCompositor
    let end = end
    let started = DetachedThread.start(name: "lyricpip.desktop") {
      connection.run(wake: wake, onChange: onChange)
      end.noteEnded()
    }
    if !started { return nil }
  }

  deinit { stop() }

  /// Ends the thread and waits for it (at most a second: it only has to close its connection).
  public func stop() {
    guard end.stopped.exchange(true, ordering: .acquiringAndReleasing) == false else { return }
    wake.signal()
    end.wait(seconds: 1)
  }
}

/// Whether the watch was stopped, and the thread's end, which `stop` waits for.
private final class ThreadEnd: Sendable {
  let stopped = Atomic(false)
  private let ended = Atomic(false)
  private let condition = Condition()

  func noteEnded() {
    condition.withLock {
      ended.store(true, ordering: .releasing)
      condition.broadcast()
    }
  }

  func wait(seconds: Double) {
    let deadline = SystemClock.monotonicNanos() + Int64(seconds * 1e9)
    condition.withLock {
      while !ended.load(ordering: .acquiring), SystemClock.monotonicNanos() < deadline {
        condition.wait(seconds: Double(deadline - SystemClock.monotonicNanos()) / 1e9)
      }
    }
  }
}
