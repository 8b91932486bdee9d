import Locking
import Session

/// The strip of a virtual-time run: no window, only whether it would be on screen. Its state
/// sits behind a lock, so a host may hand it to the thread it confines the controller to.
public final class StandInStrip: FloatingSurface, Sendable {
  private struct State {
    var isPrepared = false
    var isShown = false
  }
  private let state = Mutex(State())
  public let renderSize = (width: 1000, height: 200)

  public init() {}

  public var isPrepared: Bool { state.withLock { $0.isPrepared } }
  public var isShown: Bool { state.withLock { $0.isShown } }

  public func prepare() throws { state.withLock { $0.isPrepared = true } }

  public func show() throws {
    try state.withLock { state throws(SurfaceError) in
      guard state.isPrepared else { throw SurfaceError("the strip was not prepared") }
      state.isShown = true
    }
  }

  public func hide() { state.withLock { $0.isShown = false } }
}

/// The main window of a virtual-time run: nothing to bring forward.
public final class StandInMainWindow: MainSurface, Sendable {
  public init() {}
  public func restore(scrolledTo line: Int) {}
}
