internal import CX11

/// The module's Xlib calls: a lenient X error handler, and asking the window manager to
/// activate a window on the user's behalf.
///
/// Xlib's default handler prints the error and exits the process, and SDL's chains to it. Some
/// errors are races we cannot prevent and that do no harm: SDL_SetWindowPosition asks for the
/// window manager's frame and then reads its coordinates, and openbox may have replaced the
/// frame in between (BadWindow, seen in the window tests). Ending the player for that would
/// lose the user's music; the handler ignores the error instead (Xlib only reports it).
@WindowLoop enum X11 {
  /// Made by the thread that makes the loop, with SDL, before the actor knows its thread.
  nonisolated static func installLenientErrorHandler() {
    _ = XSetErrorHandler { _, _ in 0 }
  }

  /// Asks the window manager to activate `window` (raise it and give it the focus) as a direct
  /// request of the user (EWMH `_NET_ACTIVE_WINDOW`, source 2).
  ///
  /// SDL_RaiseWindow sends the same message as an *application* (source 1) with the time of the
  /// last input on that window. When the user double-clicks the strip to go back, that input was
  /// on the strip, so the main window's time is older than the user's last action and openbox's
  /// focus-stealing prevention only raises the window, leaving the focus where it was. Going
  /// back is the user's own request, so we say so.
  static func requestActivation(display: OpaquePointer, window: UInt) {
    let activeWindow = XInternAtom(display, "_NET_ACTIVE_WINDOW", False)
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.display = display
    event.xclient.window = Window(window)
    event.xclient.message_type = activeWindow
    event.xclient.format = 32
    event.xclient.data.l.0 = 2  // source: a direct user action
    event.xclient.data.l.1 = Int(CurrentTime)
    event.xclient.data.l.2 = 0
    let mask = SubstructureRedirectMask | SubstructureNotifyMask
    _ = XSendEvent(display, XDefaultRootWindow(display), False, mask, &event)
    _ = XFlush(display)
  }
}
