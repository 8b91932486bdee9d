import Session

/// The strip drawn by SDL's software renderer into an off-screen ARGB8888 canvas, each present
/// handing the pixels and the damaged rectangle to a `StripCanvasSink` (a native Wayland layer
/// surface, or a test's recorder). Needs no window from SDL: placing, showing and the input
/// region are requests to the sink. Its pixels are premultiplied: the strip clears a text-only
/// frame to transparent black and SDL's blending over that keeps colour times alpha.
@WindowLoop final class CanvasStripHost: StripHost {
  private let sink: any StripCanvasSink
  /// Pixels a window coordinate (the output's scale, integer or fractional).
  private(set) var scale: CanvasScale
  private(set) var canvas: SDLCanvas
  private var place: WindowGeometry
  private var minimumSize: (width: Int32, height: Int32) = (1, 1)
  private var opacity: Float = 1
  /// The canvas with the opacity multiplied in, kept between presents so that only the damage
  /// is copied again (the canvas itself keeps the unfaded pixels the next partial frame draws
  /// over).
  private var faded: [UInt32] = []
  /// The next present hands the whole canvas (made again, or the opacity changed).
  private var needsWholePresent = true
  /// What presses on the strip mean (drag, resize, its own), for the sink's owner.
  private(set) var hitTest: StripHitTest?

  /// A canvas the size a new strip has on the first monitor the sink knows.
  init(geometry: StripGeometry, sink: any StripCanvasSink, scale: CanvasScale = .integer(1))
    throws(SDLError)
  {
    self.sink = sink
    self.scale = scale
    let display =
      sink.monitors.first ?? ScreenMonitor(name: "screen", x: 0, y: 0, width: 1920, height: 1080)
    place = geometry.defaultFrame(on: display)
    canvas = try SDLCanvas(
      width: Int32(scale.pixels(place.width)), height: Int32(scale.pixels(place.height)))
    sink.requestSize(width: place.width, height: place.height)
    sink.requestMove(x: place.x, y: place.y)
  }

  var windowID: UInt32 { 0 }
  var x11WindowID: UInt? { nil }

  // MARK: Drawing

  var renderTarget: any SDLRenderTarget { canvas }
  var size: (width: Int32, height: Int32) { (Int32(place.width), Int32(place.height)) }
  var pixelSize: (width: Int32, height: Int32) { (canvas.width, canvas.height) }

  func present(damage: PixelRect?) {
    // Draws what SDL may still hold back (its renderer batches commands until a present).
    SDL.flush(canvas.renderer)
    guard let (base, pitch) = SDL.pixels(of: canvas.surface) else { return }
    let whole = PixelRect(x: 0, y: 0, w: canvas.width, h: canvas.height)
    let changed = needsWholePresent ? whole : damage.map(whole.intersection) ?? whole
    needsWholePresent = false
    let rect = StripCanvasRect(
      x: Int(changed.x), y: Int(changed.y), width: Int(changed.w), height: Int(changed.h))
    let width = Int(canvas.width)
    let height = Int(canvas.height)
    guard opacity < 1 else {
      sink.present(
        StripCanvasFrame(
          pixels: UnsafeRawPointer(base), width: width, height: height, stride: pitch,
          damage: rect))
      return
    }
    if faded.count != width * height { faded = [UInt32](repeating: 0, count: width * height) }
    let factor = UInt32(max(0, min(1, opacity)) * 256)
    faded.withUnsafeMutableBufferPointer { out in
      for y in rect.y..<(rect.y + rect.height) {
        let row = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
        for x in rect.x..<(rect.x + rect.width) {
          out[y * width + x] = Self.scaled(row[x], by: factor)
        }
      }
    }
    faded.withUnsafeBytes { bytes in
      guard let pixels = bytes.baseAddress else { return }
      sink.present(
        StripCanvasFrame(
          pixels: pixels, width: width, height: height, stride: width * 4, damage: rect))
    }
  }

  /// All four premultiplied channels times `factor`/256, so the colours stay premultiplied.
  private static func scaled(_ pixel: UInt32, by factor: UInt32) -> UInt32 {
    // Red and blue in one multiply, alpha and green in another: 8 bits of room between them.
    let redBlue = (((pixel & 0x00FF_00FF) &* factor) >> 8) & 0x00FF_00FF
    let alphaGreen = (((pixel >> 8) & 0x00FF_00FF) &* factor) & 0xFF00_FF00
    return alphaGreen | redBlue
  }

  func savePNG(to path: String) throws(SDLError) { try canvas.savePNG(to: path) }

  // MARK: Place and size

  var geometry: WindowGeometry { place }
  var position: (x: Int32, y: Int32) { (Int32(place.x), Int32(place.y)) }

  func move(x: Int32, y: Int32) {
    place.x = Int(x)
    place.y = Int(y)
    sink.requestMove(x: place.x, y: place.y)
  }

  func setSize(width: Int32, height: Int32) {
    let width = max(minimumSize.width, width)
    let height = max(minimumSize.height, height)
    guard width != Int32(place.width) || height != Int32(place.height) else { return }
    // SDL cannot point a renderer at another surface: a new size is a new canvas, and the strip
    // makes its textures again on it (it relayouts after every size change). A canvas that
    // cannot be had (no memory) leaves the strip at its size, and the sink is not told of one
    // it does not get: the strip reads its size back, as from a window manager that refused.
    guard
      let resized = try? SDLCanvas(
        width: Int32(scale.pixels(Int(width))), height: Int32(scale.pixels(Int(height))))
    else { return }
    canvas = resized
    faded = []
    needsWholePresent = true
    place.width = Int(width)
    place.height = Int(height)
    sink.requestSize(width: place.width, height: place.height)
  }

  /// Draws at `scale` from now on (the output's scale changed, or the strip went to an output
  /// of another): a canvas of the new pixel size, which the strip lays out and draws anew.
  /// False when that canvas cannot be had (no memory): the strip stays as it is.
  func setScale(_ scale: CanvasScale) -> Bool {
    guard scale != self.scale else { return false }
    guard
      let rescaled = try? SDLCanvas(
        width: Int32(scale.pixels(place.width)), height: Int32(scale.pixels(place.height)))
    else { return false }
    self.scale = scale
    canvas = rescaled
    faded = []
    needsWholePresent = true
    return true
  }

  /// Hands the whole canvas to the sink again (it made its surface anew: the compositor
  /// closed the old one, or the strip went to another output), without drawing.
  func presentAgain() {
    needsWholePresent = true
    present(damage: nil)
  }

  /// Hands the canvas to the sink again with `damage` (the damage of frames it could not take
  /// when they were presented), without drawing: the canvas still holds the newest frame.
  func presentAgain(damage: StripCanvasRect) {
    present(
      damage: PixelRect(
        x: Int32(clamping: damage.x), y: Int32(clamping: damage.y),
        w: Int32(clamping: damage.width), h: Int32(clamping: damage.height)))
  }

  func setFrame(_ frame: WindowGeometry) {
    setSize(width: Int32(frame.width), height: Int32(frame.height))
    move(x: Int32(frame.x), y: Int32(frame.y))
  }

  func setMinimumSize(width: Int32, height: Int32) { minimumSize = (width, height) }

  var monitors: [ScreenMonitor] { sink.monitors }
  var desktopResources: String? { nil }
  /// A layer surface on the `top` layer is hidden under a fullscreen window by the compositor.
  var activeWindowIsFullscreen: Bool { false }

  // MARK: On screen

  func show(whileMapping: () -> Void) throws(SurfaceError) {
    try sink.requestShow()
    needsWholePresent = true
    whileMapping()
  }

  func hide() { sink.requestHide() }

  /// The opacity is multiplied into the presented pixels (a window's opacity is the window
  /// manager's; a layer surface has none), so the canvas, which still holds the last frame, is
  /// presented again at once: the strip draws nothing new for a fade on hover.
  func setOpacity(_ opacity: Float) throws(SDLError) {
    guard opacity != self.opacity else { return }
    self.opacity = opacity
    needsWholePresent = true
    present(damage: nil)
  }

  // MARK: Input

  func setHitTest(_ hitTest: StripHitTest) throws(SDLError) { self.hitTest = hitTest }

  /// Nothing to tell: a locked strip is its input region (and the hit test knows the lock).
  func setLocked(_ locked: Bool) {}

  func setInputRegion(_ region: PixelRect?) -> String? {
    sink.setInputRegion(
      region.map {
        StripCanvasRect(x: Int($0.x), y: Int($0.y), width: Int($0.w), height: Int($0.h))
      })
    return nil
  }

  // MARK: Text only

  /// The canvas has an alpha, and a Wayland compositor always blends it.
  var hasAlphaVisual: Bool { true }
  var compositorRuns: Bool? { true }
  var followsCompositor: Bool { true }
  var canBeShaped: Bool { true }
  /// Never cut: the transparent pixels are blended.
  func setBoundingShape(_ bitmap: [UInt8]?, width: Int, height: Int) {}
}
