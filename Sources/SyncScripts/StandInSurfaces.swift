import Session

/// The strip of a virtual-time run: no window, only whether it would be on screen.
public final class StandInStrip: FloatingSurface {
  public private(set) var isPrepared = false
  public private(set) var isShown = false
  public let renderSize = (width: 1000, height: 200)

  public init() {}

  public func prepare() throws { isPrepared = true }

  public func show() throws {
    guard isPrepared else { throw SurfaceError("the strip was not prepared") }
    isShown = true
  }

  public func hide() { isShown = false }
}

/// The main window of a virtual-time run: nothing to bring forward.
public final class StandInMainWindow: MainSurface {
  public init() {}
  public func restore(scrolledTo line: Int) {}
}
