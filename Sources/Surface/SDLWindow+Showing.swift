import Glibc
import SystemSupport

extension SDLWindow {
  /// Shows the window, waiting a bounded time for the window manager to map it; false (and
  /// the window not shown to SDL) when it did not. SDL's own show waits for the map with no
  /// limit on X11 (see `X11Mapping.swift`); here SDL is asked only once the window is mapped,
  /// so its wait is skipped, and SDL learns the rest of the state from the events that follow.
  @WindowLoop func showWithinBound() -> Bool {
    guard !isShown, let x11 = SDL.x11Handles(window) else {
      SDL.show(window)
      return true
    }
    if !X11.isMapped(display: x11.display, window: x11.window) {
      X11.requestMap(display: x11.display, window: x11.window)
      let deadline = SystemClock.monotonicNanos() + Int64(X11.mapGrantSeconds * 1e9)
      // No event to wait on without taking SDL's: ask the server, a few times a millisecond
      // apart at most for the bound (the window manager maps within milliseconds if at all).
      while !X11.isMapped(display: x11.display, window: x11.window) {
        guard SystemClock.monotonicNanos() < deadline else { return false }
        usleep(2_000)
      }
    }
    SDL.show(window)
    return true
  }

  /// Takes back the request to map a window `showWithinBound` could not show.
  @WindowLoop func withdraw() {
    guard let x11 = SDL.x11Handles(window) else { return }
    X11.withdraw(display: x11.display, window: x11.window)
  }
}
