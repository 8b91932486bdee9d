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

/// The main window of a virtual-time run: reports where it was restored to.
final class StandInMainWindow: MainSurface {
  var onRestore: ((Int) -> Void)?

  func restore(scrolledTo line: Int) { onRestore?(line) }
}
