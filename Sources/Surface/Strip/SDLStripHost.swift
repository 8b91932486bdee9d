import Session

/// The strip as an SDL window on X11 (under XWayland too): borderless, kept above, out of the
/// taskbar, on every desktop, with X11's Shape for its input region and a text-only strip's
/// outline, and a 32-bit visual for a text-only strip a compositor blends.
@WindowLoop final class SDLStripHost: StripHost {
  let window: SDLWindow
  private let loop: SDLEventLoop
  /// Where the strip goes again once mapped: openbox keeps its own idea of where a window is,
  /// and a move made before it managed the window left drags starting from (0, 0).
  private var pendingPosition: (x: Int32, y: Int32)?
  let hasAlphaVisual: Bool

  /// Makes the (hidden) window at the bottom centre of the first display. `textOnly`: with a
  /// 32-bit visual where the X server has one.
  init(geometry: StripGeometry, textOnly: Bool, loop: SDLEventLoop) throws {
    self.loop = loop
    let display = try SDL.displayBounds(0)
    let frame = geometry.defaultFrame(
      displayX: Int(display.x), displayY: Int(display.y), displayWidth: Int(display.w),
      displayHeight: Int(display.h))
    let alphaVisual = textOnly && Self.chooseAlphaVisual(videoDriver: loop.videoDriver)
    let made: SDLWindow
    do {
      made = try SDLWindow(
        title: "lyricpip lyrics", width: Int32(frame.width), height: Int32(frame.height),
        options: [.hidden, .borderless, .alwaysOnTop, .skipTaskbar, .utility, .resizable, .highDPI]
      )
    } catch {
      if alphaVisual { SDL.setHint("SDL_VIDEO_X11_WINDOW_VISUALID", "") }
      throw error
    }
    // The main window keeps the default visual.
    if alphaVisual { SDL.setHint("SDL_VIDEO_X11_WINDOW_VISUALID", "") }
    window = made
    hasAlphaVisual = alphaVisual
    SDL.setPosition(made.window, x: Int32(frame.x), y: Int32(frame.y))
    pendingPosition = (Int32(frame.x), Int32(frame.y))
  }

  /// Before the window is made: asks SDL for a 32-bit visual when the server has one, with a
  /// compositor running or not, so a compositor that starts later can blend the strip at once
  /// (without one the server shows the pixels' colours and ignores their alpha, and the shape
  /// does the cutting). Returns whether it did.
  private static func chooseAlphaVisual(videoDriver: String) -> Bool {
    guard videoDriver == "x11" else { return false }
    let found = X11.withOwnConnection { X11.alphaVisualID(display: $0) }
    guard let visual = found ?? nil else { return false }
    SDL.setHint("SDL_VIDEO_X11_WINDOW_VISUALID", String(visual))
    return true
  }

  private var x11: (display: OpaquePointer, window: UInt)? { SDL.x11Handles(window.window) }

  var windowID: UInt32 { window.id }
  var x11WindowID: UInt? { SDL.x11WindowID(window.window) }

  // MARK: Drawing

  var renderTarget: any SDLRenderTarget { window }
  var size: (width: Int32, height: Int32) { window.size }
  var pixelSize: (width: Int32, height: Int32) { window.pixelSize }
  /// Sends only the damage to the X server: the software renderer draws straight into the
  /// window's surface, so the rest of the window already shows what the surface holds. A frame
  /// drawn whole (a new line, a look, a resize, an expose: `damage` nil) goes whole.
  func present(damage: PixelRect?) {
    SDL.flush(window.renderer)
    let size = window.pixelSize
    let whole = PixelRect(x: 0, y: 0, w: size.width, h: size.height)
    let area = damage.map(whole.intersection) ?? whole
    // A clip wholly outside the window changed nothing on it.
    guard area.w > 0, area.h > 0 else { return }
    lastPresented = area
    if area != whole, area.w * area.h <= Self.plainPutLimit, putPlainly(area) { return }
    SDL.updateWindowSurface(window.window, area == whole ? nil : area)
  }

  /// The largest damage, in pixels (64 KiB), sent down the X connection with a plain put
  /// rather than through SDL's shared memory, whose wait for the server costs more than
  /// copying a fill frame's band (`X11PlainPut`).
  private static let plainPutLimit: Int32 = 16_384
  private lazy var plainPut: X11PlainPut? = x11.flatMap {
    X11PlainPut(display: $0.display, window: $0.window)
  }

  /// Sends `area` of the window's surface with `plainPut`; false when it cannot (not X11, or a
  /// surface that is not 32 bits a pixel).
  private func putPlainly(_ area: PixelRect) -> Bool {
    guard let plainPut, let surface = window.drawnSurface,
      SDL.blendLayout(of: surface) != nil, let (base, pitch) = SDL.pixels(of: surface)
    else { return false }
    let size = SDL.size(of: surface)
    return plainPut.put(
      base, width: size.width, height: size.height, pitch: Int32(pitch), area: area)
  }

  /// What the last present sent to the X server, in pixels.
  private(set) var lastPresented: PixelRect?
  func savePNG(to path: String) throws(SDLError) { try window.savePNG(to: path) }

  // MARK: Place and size

  var geometry: WindowGeometry { window.geometry }
  var position: (x: Int32, y: Int32) { SDL.position(window.window) }
  func move(x: Int32, y: Int32) { SDL.setPosition(window.window, x: x, y: y) }
  func setSize(width: Int32, height: Int32) {
    SDL.setSize(window.window, width: width, height: height)
  }

  func setFrame(_ frame: WindowGeometry) {
    SDL.setSize(window.window, width: Int32(frame.width), height: Int32(frame.height))
    SDL.setPosition(window.window, x: Int32(frame.x), y: Int32(frame.y))
    pendingPosition = (Int32(frame.x), Int32(frame.y))
  }

  func setMinimumSize(width: Int32, height: Int32) {
    SDL.setMinimumSize(window.window, width: width, height: height)
  }

  var monitors: [ScreenMonitor] {
    if let x11 { return X11Desktop.monitors(display: x11.display) }
    guard let bounds = try? SDL.displayBounds(SDL.displayIndex(window.window)) else { return [] }
    return [
      ScreenMonitor(
        name: "display", x: Int(bounds.x), y: Int(bounds.y), width: Int(bounds.w),
        height: Int(bounds.h))
    ]
  }

  var desktopResources: String? { x11.flatMap { X11Desktop.resources(display: $0.display) } }

  /// Asked through SDL's own connection (before the desktop watch has said anything, so a strip
  /// started over a fullscreen window never maps).
  var activeWindowIsFullscreen: Bool {
    guard let x11 else { return false }
    let active = X11Desktop.activeWindow(display: x11.display)
    return X11Desktop.isFullscreen(display: x11.display, window: active)
  }

  // MARK: On screen

  /// The window manager takes milliseconds to map the strip: `whileMapping` draws the frame in
  /// that time (a frame presented before the map is lost). Throws when the window manager keeps
  /// it unmapped; the request is then taken back.
  func show(whileMapping: () -> Void) throws(SurfaceError) {
    // Hiding loses _NET_WM_STATE (above, skip taskbar) under openbox, and SDL does not send it
    // again on map: SDL believes the flags are still set, so setting them alone does nothing.
    // While unmapped, toggling always-on-top makes SDL rewrite the whole state property (above,
    // skip taskbar, skip pager) for the window manager to read at map time; after the map the
    // toggle asks the window manager again with client messages.
    SDL.setAlwaysOnTop(window.window, false)
    SDL.setAlwaysOnTop(window.window, true)
    if let x11 { X11.setOnAllDesktops(display: x11.display, window: x11.window) }
    guard window.showWithinBound(whileMapping: whileMapping) else {
      window.withdraw()
      throw SurfaceError(
        "the window manager did not map the lyric strip within \(X11.mapGrantSeconds) s")
    }
    if let position = pendingPosition {
      pendingPosition = nil
      SDL.setPosition(window.window, x: position.x, y: position.y)
    }
    SDL.setAlwaysOnTop(window.window, false)
    SDL.setAlwaysOnTop(window.window, true)
    // The toggle's messages say only "above"; the rest is asked for again now it is mapped.
    if let x11 {
      X11.addWindowStates(
        display: x11.display, window: x11.window,
        ["_NET_WM_STATE_SKIP_TASKBAR", "_NET_WM_STATE_SKIP_PAGER"])
    }
  }

  func hide() { SDL.hide(window.window) }

  /// Through the window's `_NET_WM_WINDOW_OPACITY`, which only a compositing manager shows.
  func setOpacity(_ opacity: Float) throws(SDLError) {
    try SDL.setOpacity(window.window, opacity)
  }

  // MARK: Input

  func setHitTest(_ hitTest: StripHitTest) throws(SDLError) {
    window.hitTestContext = hitTest
    try SDL.setHitTest(window.window, hitTest)
  }

  /// The window manager is told the strip takes no focus while locked.
  func setLocked(_ locked: Bool) {
    SDL.setResizable(window.window, !locked)
    guard let x11 else { return }
    X11.setTakesFocus(!locked, display: x11.display, window: x11.window)
  }

  /// The X Shape input region.
  func setInputRegion(_ region: PixelRect?) -> String? {
    guard let x11 else { return "the strip cannot pass clicks through here (no X11)" }
    guard X11.hasShapeExtension(display: x11.display) else {
      return "the X server has no Shape extension: a locked strip still takes clicks"
    }
    X11.setInputRegion(display: x11.display, window: x11.window, to: region.map { [$0] })
    return nil
  }

  // MARK: Text only

  var compositorRuns: Bool? { x11.map { X11.hasCompositor(display: $0.display) } }
  var followsCompositor: Bool { loop.followsCompositor }
  var canBeShaped: Bool { x11.map { X11.hasShapeExtension(display: $0.display) } ?? false }

  func setBoundingShape(_ bitmap: [UInt8]?, width: Int, height: Int) {
    guard let x11 else { return }
    X11.setBoundingShape(
      display: x11.display, window: x11.window, bitmap: bitmap, width: width, height: height)
  }
}
