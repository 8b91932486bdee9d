internal import CX11
import SystemSupport

/// The desktop watch's own X connection, and its one loop: every event it selected (property,
/// structure and RandR changes, XFixes selection notices) is read there, says which facts to
/// read again, and the thread then sleeps in poll() until the server or the wake-up pipe says
/// something. Closed once, when the thread lets it go.
final class DesktopWatchConnection {
  private let display: OpaquePointer
  private let root: UInt
  private let activeWindowAtom: Atom
  private let windowStateAtom: Atom
  /// RandR's screen-change event type; nil: no RandR (the root's size changes still come).
  private let screenChangeType: Int32?
  /// nil: the server has no XFixes, so a compositor's start or end is not seen.
  private let compositor: XFixes.CompositorSelection?

  init?() {
    guard let display = XOpenDisplay(nil) else { return nil }
    self.display = display
    root = UInt(XDefaultRootWindow(display))
    activeWindowAtom = XInternAtom(display, "_NET_ACTIVE_WINDOW", False)
    windowStateAtom = XInternAtom(display, "_NET_WM_STATE", False)
    screenChangeType = X11Desktop.watchRoot(display: display)
    compositor = XFixes.watchCompositorSelection(display: display)
    _ = XFlush(display)
  }

  deinit { XCloseDisplay(display) }

  var followsCompositor: Bool { compositor != nil }

  /// The facts an event makes worth reading again.
  private struct Stale: OptionSet {
    let rawValue: Int
    static let activeWindow = Stale(rawValue: 1)
    static let fullscreen = Stale(rawValue: 2)
    static let monitors = Stale(rawValue: 4)
    static let compositor = Stale(rawValue: 8)
    static let all: Stale = [.activeWindow, .fullscreen, .monitors, .compositor]
  }

  /// Reads the facts, then sleeps until the server or the pipe says something; ends when woken
  /// through the pipe or when the server goes.
  func run(wake: WakePipe, onChange: @Sendable (DesktopWatch.Facts) -> Void) {
    var stale = Stale.all
    var active: UInt = 0
    var facts: DesktopWatch.Facts?
    while true {
      var event = XEvent()
      while XPending(display) > 0 {
        _ = XNextEvent(display, &event)
        stale.formUnion(staleFacts(after: event, activeWindow: active))
      }
      var now = facts ?? DesktopWatch.Facts()
      if stale.contains(.activeWindow) {
        let newActive = X11Desktop.activeWindow(display: display)
        if newActive != active {
          // Selected before its state is read, so no change of it falls between.
          X11Desktop.watchProperties(display: display, window: active, false)
          X11Desktop.watchProperties(display: display, window: newActive, true)
          active = newActive
          stale.insert(.fullscreen)
        }
      }
      if stale.contains(.fullscreen) {
        now.activeWindowIsFullscreen = X11Desktop.isFullscreen(display: display, window: active)
      }
      if stale.contains(.monitors) { now.monitors = X11Desktop.monitors(display: display) }
      if stale.contains(.compositor), let compositor {
        now.compositorRuns = compositor.isOwned(display: display)
      }
      stale = []
      if now != facts {
        facts = now
        onChange(now)
      }
      _ = XFlush(display)
      guard XPending(display) == 0 else { continue }
      var fds = [
        PollDescriptor(fd: XConnectionNumber(display), events: Poll.readable),
        PollDescriptor(fd: wake.fd, events: Poll.readable),
      ]
      _ = Poll.wait(&fds, timeoutMs: -1)
      if fds[1].returned != 0 { return }
      // The server went away: nothing more to watch.
      if fds[0].returned & Poll.hungUpOrFailed != 0 { return }
    }
  }

  /// Which facts `event` may have changed: the active window (the root's
  /// `_NET_ACTIVE_WINDOW`), its fullscreen state (its `_NET_WM_STATE`, or its end), the
  /// monitors (the root's size, RandR's screen change), the compositor (its selection's notice).
  private func staleFacts(after event: XEvent, activeWindow: UInt) -> Stale {
    switch event.type {
    case PropertyNotify:
      let property = event.xproperty
      if property.window == root, property.atom == activeWindowAtom { return .activeWindow }
      if property.window == activeWindow, property.atom == windowStateAtom { return .fullscreen }
      return []
    case DestroyNotify:
      return event.xdestroywindow.window == activeWindow ? [.activeWindow, .fullscreen] : []
    case ConfigureNotify:
      return event.xconfigure.window == root ? .monitors : []
    case let type where type == screenChangeType: return .monitors
    case let type where type == compositor?.noticeType: return .compositor
    default: return []
    }
  }
}
