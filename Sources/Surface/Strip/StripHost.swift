import Session

/// What the lyric strip asks of the surface it is shown on, and nothing more: `FloatingWindow`
/// keeps the drawing, the layout, the karaoke, the looks and the lifecycle, and talks to its
/// window only through this. Two hosts: `SDLStripHost`, an SDL window on X11 (under XWayland
/// too), and `CanvasStripHost`, an off-screen canvas whose pixels, damage and requests go to a
/// `StripCanvasSink` (what a native Wayland layer surface plugs into).
///
/// Sizes are in window coordinates (what input events and the desktop use) except `pixelSize`,
/// the drawable size, larger on a high-DPI output.
@WindowLoop protocol StripHost: AnyObject {
  /// The id the loop routes SDL input by; 0 where SDL has no window (SDL's ids start at 1).
  var windowID: UInt32 { get }
  /// The X11 window, for tools (xprop, xdotool); nil off X11.
  var x11WindowID: UInt? { get }

  // MARK: Drawing

  /// The renderer the strip draws with and its textures are made on. It may be another one
  /// after `setSize`/`setFrame` (a canvas is made again); the strip relayouts then.
  var renderTarget: any SDLRenderTarget { get }
  var size: (width: Int32, height: Int32) { get }
  var pixelSize: (width: Int32, height: Int32) { get }
  /// Puts what was drawn on screen; `damage` is the part that changed since the last present,
  /// in pixels (nil: all of it).
  func present(damage: PixelRect?)
  func savePNG(to path: String) throws(SDLError)

  // MARK: Place and size

  /// The strip's place and size on the desktop.
  var geometry: WindowGeometry { get }
  var position: (x: Int32, y: Int32) { get }
  /// Moves the strip (a drag).
  func move(x: Int32, y: Int32)
  /// Resizes the strip where it is (the aspect kept after a resize by hand).
  func setSize(width: Int32, height: Int32)
  /// Moves and sizes the strip (placed, restored, rescaled); placed again once shown.
  func setFrame(_ frame: WindowGeometry)
  func setMinimumSize(width: Int32, height: Int32)
  /// The monitors of the desktop now.
  var monitors: [ScreenMonitor] { get }
  /// The desktop's X resources (for `Xft.dpi`); nil off X11.
  var desktopResources: String? { get }
  /// Whether the active window is fullscreen now (false where that cannot be seen).
  var activeWindowIsFullscreen: Bool { get }

  // MARK: On screen

  /// Shows the strip kept above, out of the taskbar and on every desktop; `whileMapping` runs
  /// once, after the map was asked for and before it is done (the first frame is drawn then).
  /// Throws when the strip could not be shown.
  func show(whileMapping: () -> Void) throws(SurfaceError)
  func hide()
  /// The strip's opacity, 0 to 1 (the setting, or a quarter of it while faded on hover).
  func setOpacity(_ opacity: Float) throws(SDLError)

  // MARK: Input

  /// Where presses on the strip drag or resize it, and where they are the strip's own.
  func setHitTest(_ hitTest: StripHitTest) throws(SDLError)
  /// Locked: the strip takes no focus and cannot be resized (the input region is set apart).
  func setLocked(_ locked: Bool)
  /// Clicks reach the strip only inside `region` (window coordinates); nil: everywhere.
  /// Returns why that cannot be done here, nil when it was.
  func setInputRegion(_ region: PixelRect?) -> String?

  // MARK: Text only

  /// Whether the strip's pixels have an alpha the desktop can show (a 32-bit visual).
  var hasAlphaVisual: Bool { get }
  /// Whether a compositor blends the strip's transparent pixels now; nil where the host cannot
  /// tell (the text-only strip then keeps its dark box).
  var compositorRuns: Bool? { get }
  /// Whether a compositor that starts or ends later will be seen.
  var followsCompositor: Bool { get }
  /// Whether the strip can be cut to the shape of its text.
  var canBeShaped: Bool { get }
  /// Cuts the strip to the opaque pixels of `bitmap` (`width` × `height`, one bit a pixel, as
  /// `AlphaMask.bitmap` makes it); nil: the whole rectangle again.
  func setBoundingShape(_ bitmap: [UInt8]?, width: Int, height: Int)
}
