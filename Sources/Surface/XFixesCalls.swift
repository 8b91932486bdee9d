internal import CX11
internal import CXfixes
import Glibc
import SystemSupport

/// The module's XFixes calls: being told, as an X event, when a selection changes owner. The
/// text-only strip watches the compositing manager's selection (`_NET_WM_CM_Sn`) this way, so a
/// compositor that starts or ends is seen at once.
///
/// The watch has an X connection and a thread of its own: SDL reads every event of its own
/// connection and keeps XFixes selection notices to itself (it uses them for the clipboard), so
/// they never reach the loop as window-system events.
enum XFixes {
  /// Starts watching on a thread of its own; `changed` is called there whenever the compositor's
  /// selection changes owner. The thread checks `stop` at least once a second and then closes
  /// its connection. False when there is no X server or it has no XFixes.
  static func watchCompositor(
    changed: @escaping @Sendable () -> Void, stop: @escaping @Sendable () -> Bool
  ) -> Bool {
    guard let display = XOpenDisplay(nil) else { return false }
    var eventBase: Int32 = 0
    var errorBase: Int32 = 0
    guard XFixesQueryExtension(display, &eventBase, &errorBase) != 0 else {
      _ = XCloseDisplay(display)
      return false
    }
    var major: Int32 = 5
    var minor: Int32 = 0
    // The client must say which version it speaks before the requests work.
    _ = XFixesQueryVersion(display, &major, &minor)
    let selection = XInternAtom(display, "_NET_WM_CM_S\(XDefaultScreen(display))", False)
    let mask =
      XFixesSetSelectionOwnerNotifyMask | XFixesSelectionWindowDestroyNotifyMask
      | XFixesSelectionClientCloseNotifyMask
    XFixesSelectSelectionInput(display, XDefaultRootWindow(display), selection, UInt(mask))
    _ = XFlush(display)
    let notice = eventBase + XFixesSelectionNotify
    // The connection goes to the watch's thread, which alone uses it from now on.
    return DetachedThread.start(name: "lyricpip.x-cm") {
      let descriptor = XConnectionNumber(display)
      while !stop() {
        while XPending(display) > 0 {
          var event = XEvent()
          _ = XNextEvent(display, &event)
          if event.type == notice { changed() }
        }
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&ready, 1, 1_000)
      }
      _ = XCloseDisplay(display)
    }
  }

}
