internal import CX11
import SystemSupport

/// Mapping a window without SDL's unbounded wait.
///
/// SDL 2.26's X11 driver, asked to show a window that is not mapped, asks for the map and then
/// waits for the MapNotify with no time limit (an `XIfEvent`). A window manager maps a window
/// when it chooses to: openbox keeps a window unmapped while it belongs to another desktop
/// (the user switched workspaces, so the main window counts as minimised) or while it is
/// iconic, and then that wait never ends: the window loop stops, and SIGTERM with it. So we ask
/// for the map ourselves, wait a bounded time for the window manager to grant it, and let SDL
/// show only a window that is already mapped (then SDL does not wait).
extension X11 {
  /// How long the window manager has to map a window we asked it to map.
  static let mapGrantSeconds = 1.0

  /// Whether `window` is mapped, as SDL's own test sees it (not `IsUnmapped`).
  static func isMapped(display: OpaquePointer, window: UInt) -> Bool {
    var attributes = XWindowAttributes()
    guard XGetWindowAttributes(display, Window(window), &attributes) != 0 else { return false }
    return attributes.map_state != IsUnmapped
  }

  /// Waits until the window manager has mapped `window`, or until `deadlineNanos`
  /// (CLOCK_MONOTONIC); true when it is mapped.
  ///
  /// Woken by the server itself, not by a timer: SDL selects StructureNotify on its windows, so
  /// the map comes to this connection as a MapNotify, and the wait sleeps in poll() on the
  /// connection until something arrives, where it used to ask for the map state every 2 ms.
  /// The events are only looked at, never taken out of Xlib's queue, so SDL still handles every
  /// one of them. A map state is asked of the server only when nothing came for a while, in case
  /// the event was missed.
  static func waitUntilMapped(display: OpaquePointer, window: UInt, deadlineNanos: Int64) -> Bool {
    let connection = XConnectionNumber(display)
    while true {
      if lastQueuedMapChange(display: display, window: window) == .mapped { return true }
      let left = deadlineNanos - SystemClock.monotonicNanos()
      guard left > 0 else { return isMapped(display: display, window: window) }
      var descriptor = [PollDescriptor(fd: connection, events: Poll.readable)]
      let waitMs = min((left + 999_999) / 1_000_000, Int64(mapRecheckMs))
      if case .success(0) = Poll.wait(&descriptor, timeoutMs: Int32(waitMs)),
        isMapped(display: display, window: window)
      {
        return true
      }
    }
  }

  /// How long the wait for a map sleeps before it asks the server for the map state itself.
  private static let mapRecheckMs = 50

  /// A window's last map or unmap among the events Xlib has queued.
  enum MapChange { case mapped, unmapped, none }

  /// Reads what the server has sent (without waiting) and tells the last map change of `window`
  /// among the queued events, taking none of them from the queue.
  static func lastQueuedMapChange(display: OpaquePointer, window: UInt) -> MapChange {
    var search = (window: Window(window), change: MapChange.none)
    var unused = XEvent()
    withUnsafeMutablePointer(to: &search) { pointer in
      // XCheckIfEvent shows the predicate every queued event in order, then what it reads from
      // the connection; answering false to all keeps them queued for SDL.
      _ = XCheckIfEvent(
        display, &unused,
        { _, event, argument in
          guard let event, let argument else { return False }
          let search = UnsafeMutableRawPointer(argument)
            .assumingMemoryBound(to: (window: Window, change: MapChange).self)
          switch event.pointee.type {
          case MapNotify where event.pointee.xmap.window == search.pointee.window:
            search.pointee.change = .mapped
          case UnmapNotify where event.pointee.xunmap.window == search.pointee.window:
            search.pointee.change = .unmapped
          default: break
          }
          return False
        }, UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: CChar.self))
    }
    return search.change
  }

  /// Asks for `window` to be mapped on top; the window manager decides when.
  static func requestMap(display: OpaquePointer, window: UInt) {
    _ = XMapRaised(display, Window(window))
    _ = XFlush(display)
  }

  /// Asks the window manager to show `window` on every desktop (EWMH `_NET_WM_DESKTOP`
  /// 0xFFFFFFFF), read when it maps the window: floating lyrics follow the user to another
  /// workspace instead of staying behind with the main window.
  static func setOnAllDesktops(display: OpaquePointer, window: UInt) {
    let desktop = XInternAtom(display, "_NET_WM_DESKTOP", False)
    let cardinal = XInternAtom(display, "CARDINAL", False)
    var all: UInt = 0xFFFF_FFFF
    withUnsafeBytes(of: &all) { bytes in
      guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
      _ = XChangeProperty(
        display, Window(window), desktop, cardinal, 32, PropModeReplace, base, 1)
    }
    _ = XFlush(display)
  }

  /// Takes back a request to map `window` (ICCCM withdrawal), so that a window manager that
  /// held it back does not map it later, when nobody wants it any more.
  static func withdraw(display: OpaquePointer, window: UInt) {
    _ = XWithdrawWindow(display, Window(window), XDefaultScreen(display))
    _ = XFlush(display)
  }

  /// Switches to the desktop `window` is on when that is not the one in view (EWMH
  /// `_NET_CURRENT_DESKTOP`), as a taskbar does before activating it: openbox activates a
  /// window on another desktop only by highlighting it.
  static func goToDesktop(of window: UInt, display: OpaquePointer) {
    let root = XDefaultRootWindow(display)
    guard let desktop = cardinal(display: display, of: UInt(window), "_NET_WM_DESKTOP"),
      desktop != 0xFFFF_FFFF,
      let current = cardinal(display: display, of: UInt(root), "_NET_CURRENT_DESKTOP"),
      current != desktop
    else { return }
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.display = display
    event.xclient.window = root
    event.xclient.message_type = XInternAtom(display, "_NET_CURRENT_DESKTOP", False)
    event.xclient.format = 32
    event.xclient.data.l.0 = Int(desktop)
    event.xclient.data.l.1 = Int(CurrentTime)
    let mask = SubstructureRedirectMask | SubstructureNotifyMask
    _ = XSendEvent(display, root, False, mask, &event)
    _ = XFlush(display)
  }

  /// A CARDINAL property's first value; nil when the window has none.
  private static func cardinal(display: OpaquePointer, of window: UInt, _ name: String) -> UInt? {
    let property = XInternAtom(display, name, False)
    var type: Atom = 0
    var format: Int32 = 0
    var count: UInt = 0
    var after: UInt = 0
    var data: UnsafeMutablePointer<UInt8>?
    guard
      XGetWindowProperty(
        display, Window(window), property, 0, 1, False, XInternAtom(display, "CARDINAL", False),
        &type, &format, &count, &after, &data) == Success, let data
    else { return nil }
    defer { _ = XFree(data) }
    // Xlib hands 32-bit items as C longs.
    guard format == 32, count == 1 else { return nil }
    return data.withMemoryRebound(to: UInt.self, capacity: 1) { $0.pointee } & 0xFFFF_FFFF
  }
}
