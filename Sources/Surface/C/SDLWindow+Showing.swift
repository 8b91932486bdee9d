import SystemSupport

extension SDLWindow {
  /// Shows the window, waiting a bounded time for the window manager to map it; false (and
  /// the window not shown to SDL) when it did not. SDL's own show waits for the map with no
  /// limit on X11 (see `X11Mapping.swift`); here SDL is asked only once the window is mapped,
  /// so its wait is skipped, and SDL learns the rest of the state from the events that follow.
  ///
  /// `whileMapping` runs once before SDL is told: right after the map is asked for, so that
  /// work (drawing the first frame) is done while the window manager maps the window.
  @WindowLoop func showWithinBound(whileMapping: () -> Void = {}) -> Bool {
    guard !isShown, let x11 = SDL.x11Handles(window) else {
      whileMapping()
      SDL.show(window)
      return true
    }
    if X11.isMapped(display: x11.display, window: x11.window) {
      whileMapping()
    } else {
      X11.requestMap(display: x11.display, window: x11.window)
      whileMapping()
      let deadline = SystemClock.monotonicNanos() + Int64(X11.mapGrantSeconds * 1e9)
      guard X11.waitUntilMapped(display: x11.display, window: x11.window, deadlineNanos: deadline)
      else { return false }
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
