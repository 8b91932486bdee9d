internal import CX11
import Glibc
import Locking
import Session
import SystemSupport

/// Follows the X desktop by its events, never by polling: a second Xlib connection of its own,
/// on a thread of its own (`lyricpip.desktop`), that sleeps in poll() on the connection and a
/// wake-up pipe. It selects property changes on the root (`_NET_ACTIVE_WINDOW`) and on the
/// active window (`_NET_WM_STATE`, for `_NET_WM_STATE_FULLSCREEN`), and the root's size and
/// RandR changes (a monitor added or removed, `xrandr --setmonitor`/`--delmonitor` included).
/// Each change of the facts goes to `onChange` on that thread; the app posts it to its loop.
///
/// SDL's own connection is not used: SDL reads its events on the loop thread and hands on only
/// those of its windows. Xlib since 1.8 is thread-safe by default, and each connection is used by
/// one thread only anyway. `stop()` (or the last reference going) wakes the thread, which closes
/// its connection and ends; no lock is held while it sleeps.
public final class DesktopWatch: Sendable {
  /// What the desktop around the strip is like now: whether the active window is fullscreen, and
  /// the monitors.
  public struct Facts: Equatable, Sendable {
    public var activeWindowIsFullscreen = false
    public var monitors: [ScreenMonitor] = []

    public init(activeWindowIsFullscreen: Bool = false, monitors: [ScreenMonitor] = []) {
      self.activeWindowIsFullscreen = activeWindowIsFullscreen
      self.monitors = monitors
    }
  }

  private let wake: WakePipe
  private let end = ThreadEnd()

  /// Connects to `$DISPLAY` and starts the thread; nil where that cannot be done (no X server,
  /// no file descriptor or thread left). `onChange` hears the first facts at once.
  public init?(onChange: @escaping @Sendable (Facts) -> Void) {
    guard let wake = WakePipe(), let connection = WatchConnection() else { return nil }
    self.wake = wake
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

/// The watch thread's own X connection, closed once, when the thread lets it go.
private final class WatchConnection {
  let display: OpaquePointer

  init?() {
    guard let display = XOpenDisplay(nil) else { return nil }
    self.display = display
  }

  deinit { XCloseDisplay(display) }

  /// Reads the facts, then sleeps until the server or the pipe says something; ends when woken
  /// through the pipe or when the server goes.
  func run(wake: WakePipe, onChange: @Sendable (DesktopWatch.Facts) -> Void) {
    X11Desktop.watchRoot(display: display)
    var active: UInt = 0
    var facts: DesktopWatch.Facts?
    while true {
      // Drain what came, then read the facts again (cheap: a few round trips per change).
      var event = XEvent()
      while XPending(display) > 0 { _ = XNextEvent(display, &event) }
      let newActive = X11Desktop.activeWindow(display: display)
      if newActive != active {
        X11Desktop.watchProperties(display: display, window: active, false)
        X11Desktop.watchProperties(display: display, window: newActive, true)
        active = newActive
      }
      let now = DesktopWatch.Facts(
        activeWindowIsFullscreen: X11Desktop.isFullscreen(display: display, window: active),
        monitors: X11Desktop.monitors(display: display))
      if now != facts {
        facts = now
        onChange(now)
      }
      _ = XFlush(display)
      guard XPending(display) == 0 else { continue }
      var fds = [
        pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake.fd, events: Int16(POLLIN), revents: 0),
      ]
      while poll(&fds, 2, -1) < 0 && errno == EINTR {}
      if fds[1].revents != 0 { return }
      // The server went away: nothing more to watch.
      if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 { return }
    }
  }
}
