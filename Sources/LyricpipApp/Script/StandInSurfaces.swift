import Session

/// The strip of a virtual-time run: no window, only whether it would be on screen.
final class StandInStrip: FloatingSurface {
  private(set) var isPrepared = false
  private(set) var isShown = false
  let renderSize = (width: 1000, height: 200)

  func prepare() throws { isPrepared = true }

  func show() throws {
    guard isPrepared else { throw SurfaceError("the strip was not prepared") }
    isShown = true
  }

  func hide() { isShown = false }
}

/// The main window of a virtual-time run: nothing to bring forward.
final class StandInMainWindow: MainSurface {
  func restore(scrolledTo line: Int) {}
}
