import Session

// Where the windows are, for the app's saved state: read at exit, set again at the next start
// before they are first shown (the strip's monitors: FloatingWindow+Desktop). On the loop
// thread, as the windows are.

extension FloatingWindow {
  /// The strip's place and size on screen (nil before `prepare()`).
  public var frame: WindowGeometry? { window?.geometry }
}

extension MainWindow {
  /// The main window's place and size on screen (nil before `prepare()`).
  public var frame: WindowGeometry? { window?.geometry }

  /// Puts the prepared main window at a saved place and size (SDL keeps the minimum size).
  public func place(at saved: WindowGeometry) {
    guard let window else { return }
    let place = onScreen(window, x: saved.x, y: saved.y, width: saved.width, height: saved.height)
    SDL.setSize(window.window, width: Int32(saved.width), height: Int32(saved.height))
    SDL.setPosition(window.window, x: place.x, y: place.y)
    relayout()
  }
}

/// A saved place moved inside the display (the display may have shrunk or gone since).
@WindowLoop private func onScreen(_ window: SDLWindow, x: Int, y: Int, width: Int, height: Int)
  -> (x: Int32, y: Int32)
{
  guard let display = try? SDL.displayBounds(SDL.displayIndex(window.window)) else {
    return (Int32(clamping: x), Int32(clamping: y))
  }
  let left = Int(display.x)
  let top = Int(display.y)
  let right = max(left, left + Int(display.w) - width)
  let bottom = max(top, top + Int(display.h) - height)
  return (Int32(min(max(x, left), right)), Int32(min(max(y, top), bottom)))
}

extension SDLWindow {
  /// The window's place and size on screen.
  @WindowLoop var geometry: WindowGeometry {
    let position = SDL.position(window)
    return WindowGeometry(
      x: Int(position.x), y: Int(position.y), width: Int(size.width), height: Int(size.height))
  }
}
