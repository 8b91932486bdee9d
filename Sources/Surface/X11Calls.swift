import CX11

/// The module's only Xlib call: a lenient X error handler.
///
/// Xlib's default handler prints the error and exits the process, and SDL's chains to it. Some
/// errors are races we cannot prevent and that do no harm: SDL_SetWindowPosition asks for the
/// window manager's frame and then reads its coordinates, and openbox may have replaced the
/// frame in between (BadWindow, seen in the window tests). Ending the player for that would
/// lose the user's music; the handler ignores the error instead (Xlib only reports it).
enum X11 {
  static func installLenientErrorHandler() {
    _ = XSetErrorHandler { _, _ in 0 }
  }
}
