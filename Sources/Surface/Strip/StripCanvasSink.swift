import Session

/// A rectangle of a canvas strip, in pixels (the damage) or window coordinates (the input
/// region, a place).
public struct StripCanvasRect: Equatable, Sendable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}

/// One presented frame of a canvas strip: premultiplied ARGB8888 pixels (one 32-bit word a
/// pixel in the machine's byte order, alpha in the top byte: what `wl_shm`'s ARGB8888 is), the
/// strip's opacity already multiplied into all four channels. The pointer is valid only during
/// the `present` call; `damage` is the part that changed since the frame before (copy at least
/// that).
public struct StripCanvasFrame {
  public let pixels: UnsafeRawPointer
  public let width: Int
  public let height: Int
  /// Bytes from one row to the next.
  public let stride: Int
  public let damage: StripCanvasRect
}

/// Where a canvas strip (`FloatingWindow(loop:settings:canvas:)`) sends its frames and what it
/// asks of the window system: the native Wayland layer surface implements it. Moves, sizes,
/// showing and hiding are requests: the strip takes them as done (its place is what it asked
/// for). Called on the window loop's thread.
@WindowLoop public protocol StripCanvasSink: AnyObject {
  /// The monitors of the desktop (the strip's first place, a saved place restored).
  var monitors: [ScreenMonitor] { get }
  /// Shows the surface; throws when it cannot be shown. The first frame follows.
  func requestShow() throws(SurfaceError)
  func requestHide()
  /// The strip's top-left on the desktop, in window coordinates (a drag, a placement).
  func requestMove(x: Int, y: Int)
  /// The strip's size in window coordinates (the frames are that times the scale, in pixels).
  func requestSize(width: Int, height: Int)
  /// Clicks reach the strip only inside `region` (window coordinates: the padlock of a locked
  /// strip); nil: everywhere.
  func setInputRegion(_ region: StripCanvasRect?)
  func present(_ frame: StripCanvasFrame)
}
