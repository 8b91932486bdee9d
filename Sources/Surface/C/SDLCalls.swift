internal import CSDL2

/// Every SDL2 call of the module goes through here, so failures become `SDLError` with SDL's own
/// message in one place. Pointers to SDL objects are owned by the final classes that call these
/// (`SDLWindow`, `SDLTexture`, `SDLSurface`); this file owns nothing.
///
/// Thread model: SDL is used from one thread only, the thread that runs `SDLEventLoop`
/// (the `WindowLoop` actor's; the main thread in the app). `pushWakeEvent` is the one call made
/// from other threads; SDL documents `SDL_PushEvent` as thread-safe.
///
/// The C boundary: CSDL2 is an internal import, and only this file, `SDLEvents.swift` (events
/// into `WindowInput`) and the other libraries' calls files see it; the rest of the module works
/// with `PixelRect`, `WindowInput` and the owner classes.
///
/// The enum is `@WindowLoop`, so a call from another thread does not compile. `nonisolated` are
/// only: starting and stopping SDL (done by the thread that makes the loop, before the actor
/// knows its thread, and by the loop's deinit), `pushWakeEvent`, and the destroy calls, which
/// the owners' deinits make wherever their last reference goes (the windows that hold them are
/// `@WindowLoop`, so that is the loop's thread).
@WindowLoop enum SDL {
  typealias Window = OpaquePointer
  typealias Renderer = OpaquePointer
  typealias Texture = OpaquePointer
  typealias Surface = UnsafeMutablePointer<SDL_Surface>

  nonisolated static func lastError() -> String { String(cString: SDL_GetError()) }

  nonisolated static func error(_ operation: String) -> SDLError {
    SDLError(operation: operation, message: lastError())
  }

  nonisolated static func check(_ result: Int32, _ operation: String) throws(SDLError) {
    if result < 0 { throw error(operation) }
  }

  // MARK: - Start and stop

  nonisolated static func setHint(_ name: String, _ value: String) {
    _ = SDL_SetHint(name, value)
  }

  nonisolated static func initVideo() throws(SDLError) {
    try check(SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS), "SDL_InitSubSystem(VIDEO)")
  }

  nonisolated static func quitVideo() { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }

  nonisolated static func currentVideoDriver() -> String? {
    SDL_GetCurrentVideoDriver().map { String(cString: $0) }
  }

  nonisolated static func registerUserEvent() throws(SDLError) -> UInt32 {
    let type = SDL_RegisterEvents(1)
    if type == UInt32.max { throw error("SDL_RegisterEvents") }
    return type
  }

  // MARK: - Events (reading them: SDLEvents.swift)

  /// Thread-safe: wakes the loop thread out of `waitEvent`.
  nonisolated static func pushWakeEvent(type: UInt32) {
    var event = SDL_Event()
    event.type = type
    _ = SDL_PushEvent(&event)
  }

  // MARK: - Displays

  static func displayBounds(_ index: Int32) throws(SDLError) -> PixelRect {
    var rect = SDL_Rect()
    try check(SDL_GetDisplayUsableBounds(index, &rect), "SDL_GetDisplayUsableBounds")
    return PixelRect(x: rect.x, y: rect.y, w: rect.w, h: rect.h)
  }

  static func displayIndex(_ window: Window) -> Int32 { max(0, SDL_GetWindowDisplayIndex(window)) }

  // MARK: - Windows

  static func createWindow(
    title: String, width: Int32, height: Int32, options: SDLWindow.Options
  ) throws(SDLError) -> Window {
    let undefined = Int32(bitPattern: SDL_WINDOWPOS_UNDEFINED_MASK)
    let flags = windowFlags(options)
    guard let window = SDL_CreateWindow(title, undefined, undefined, width, height, flags) else {
      throw error("SDL_CreateWindow")
    }
    return window
  }

  private static func windowFlags(_ options: SDLWindow.Options) -> UInt32 {
    let flags: [(SDLWindow.Options, SDL_WindowFlags)] = [
      (.hidden, SDL_WINDOW_HIDDEN), (.resizable, SDL_WINDOW_RESIZABLE),
      (.highDPI, SDL_WINDOW_ALLOW_HIGHDPI), (.borderless, SDL_WINDOW_BORDERLESS),
      (.alwaysOnTop, SDL_WINDOW_ALWAYS_ON_TOP), (.skipTaskbar, SDL_WINDOW_SKIP_TASKBAR),
      (.utility, SDL_WINDOW_UTILITY),
    ]
    return flags.reduce(0) { $0 | (options.contains($1.0) ? $1.1.rawValue : 0) }
  }

  nonisolated static func destroyWindow(_ window: Window) { SDL_DestroyWindow(window) }
  static func windowID(_ window: Window) -> UInt32 { SDL_GetWindowID(window) }

  static func isShown(_ window: Window) -> Bool {
    SDL_GetWindowFlags(window) & SDL_WINDOW_SHOWN.rawValue != 0
  }

  static func isMinimized(_ window: Window) -> Bool {
    SDL_GetWindowFlags(window) & SDL_WINDOW_MINIMIZED.rawValue != 0
  }
  static func show(_ window: Window) { SDL_ShowWindow(window) }
  static func hide(_ window: Window) { SDL_HideWindow(window) }
  static func raise(_ window: Window) { SDL_RaiseWindow(window) }
  static func restore(_ window: Window) { SDL_RestoreWindow(window) }
  static func setTitle(_ window: Window, _ title: String) { SDL_SetWindowTitle(window, title) }

  static func setAlwaysOnTop(_ window: Window, _ onTop: Bool) {
    SDL_SetWindowAlwaysOnTop(window, onTop ? SDL_TRUE : SDL_FALSE)
  }

  static func setSize(_ window: Window, width: Int32, height: Int32) {
    SDL_SetWindowSize(window, width, height)
  }

  static func size(_ window: Window) -> (width: Int32, height: Int32) {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetWindowSize(window, &width, &height)
    return (width, height)
  }

  static func setPosition(_ window: Window, x: Int32, y: Int32) {
    SDL_SetWindowPosition(window, x, y)
  }

  static func position(_ window: Window) -> (x: Int32, y: Int32) {
    var x: Int32 = 0
    var y: Int32 = 0
    SDL_GetWindowPosition(window, &x, &y)
    return (x, y)
  }

  static func setMinimumSize(_ window: Window, width: Int32, height: Int32) {
    SDL_SetWindowMinimumSize(window, width, height)
  }

  /// Fails where the window system has no opacity (no compositor); callers treat that as a
  /// warning, not an error.
  static func setOpacity(_ window: Window, _ opacity: Float) throws(SDLError) {
    try check(SDL_SetWindowOpacity(window, opacity), "SDL_SetWindowOpacity")
  }

  /// Lets `hitTest` answer which parts of the window the window manager moves or resizes. SDL
  /// keeps only a pointer to it: the caller keeps it alive as long as the window
  /// (`SDLWindow.hitTestContext`).
  static func setHitTest(_ window: Window, _ hitTest: StripHitTest) throws(SDLError) {
    let data = Unmanaged.passUnretained(hitTest).toOpaque()
    try check(SDL_SetWindowHitTest(window, hitTestCallback, data), "SDL_SetWindowHitTest")
  }

  /// The C callback SDL calls (on the loop thread, while it reads events); `data` is an
  /// unretained `StripHitTest`.
  private static let hitTestCallback: SDL_HitTest = { _, point, data in
    guard let point, let data else { return SDL_HITTEST_NORMAL }
    let hitTest = Unmanaged<StripHitTest>.fromOpaque(data).takeUnretainedValue()
    switch hitTest.region(atX: point.pointee.x, y: point.pointee.y) {
    case .inside: return SDL_HITTEST_NORMAL
    case .topLeft: return SDL_HITTEST_RESIZE_TOPLEFT
    case .top: return SDL_HITTEST_RESIZE_TOP
    case .topRight: return SDL_HITTEST_RESIZE_TOPRIGHT
    case .right: return SDL_HITTEST_RESIZE_RIGHT
    case .bottomRight: return SDL_HITTEST_RESIZE_BOTTOMRIGHT
    case .bottom: return SDL_HITTEST_RESIZE_BOTTOM
    case .bottomLeft: return SDL_HITTEST_RESIZE_BOTTOMLEFT
    case .left: return SDL_HITTEST_RESIZE_LEFT
    }
  }

  /// The X11 window id, nil on other video drivers.
  static func x11WindowID(_ window: Window) -> UInt? { x11Handles(window)?.window }

  /// SDL's X11 connection and the id of the window with SDL id `windowID`; nil on other video
  /// drivers or when there is no such window.
  static func x11Handles(windowID: UInt32) -> (display: OpaquePointer, window: UInt)? {
    SDL_GetWindowFromID(windowID).flatMap(x11Handles)
  }

  static func setResizable(_ window: Window, _ resizable: Bool) {
    SDL_SetWindowResizable(window, resizable ? SDL_TRUE : SDL_FALSE)
  }

  /// SDL's X11 connection and the window's id, nil on other video drivers.
  static func x11Handles(_ window: Window) -> (display: OpaquePointer, window: UInt)? {
    var info = SDL_SysWMinfo()
    info.version.major = UInt8(SDL_MAJOR_VERSION)
    info.version.minor = UInt8(SDL_MINOR_VERSION)
    info.version.patch = UInt8(SDL_PATCHLEVEL)
    guard SDL_GetWindowWMInfo(window, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11,
      let display = info.info.x11.display
    else { return nil }
    return (display, UInt(info.info.x11.window))
  }

  // MARK: - Renderer

  static func createSoftwareRenderer(_ window: Window) throws(SDLError) -> Renderer {
    let flags = SDL_RENDERER_SOFTWARE.rawValue
    guard let renderer = SDL_CreateRenderer(window, -1, flags) else {
      throw error("SDL_CreateRenderer(software)")
    }
    return renderer
  }

  /// A software renderer that draws into `surface` (no window, no video driver needed).
  static func createSoftwareRenderer(surface: Surface) throws(SDLError) -> Renderer {
    guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
      throw error("SDL_CreateSoftwareRenderer")
    }
    return renderer
  }

  /// The pixels of a surface and the bytes from one row to the next; nil when it has none.
  static func pixels(of surface: Surface) -> (base: UnsafeMutableRawPointer, pitch: Int)? {
    guard let base = surface.pointee.pixels else { return nil }
    return (base, Int(surface.pointee.pitch))
  }

  nonisolated static func destroyRenderer(_ renderer: Renderer) { SDL_DestroyRenderer(renderer) }

  static func outputSize(_ renderer: Renderer) -> (width: Int32, height: Int32) {
    var width: Int32 = 0
    var height: Int32 = 0
    _ = SDL_GetRendererOutputSize(renderer, &width, &height)
    return (width, height)
  }

  static func setDrawColor(_ renderer: Renderer, _ color: RGBA) {
    _ = SDL_SetRenderDrawColor(renderer, color.red, color.green, color.blue, color.alpha)
    _ = SDL_SetRenderDrawBlendMode(
      renderer, color.alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
  }

  static func clear(_ renderer: Renderer) { _ = SDL_RenderClear(renderer) }

  /// Sets a colour that rectangles then write as it is, alpha included, over what was there
  /// (so a text-only strip can be cleared to transparent).
  static func setReplacingDrawColor(_ renderer: Renderer, _ color: RGBA) {
    _ = SDL_SetRenderDrawColor(renderer, color.red, color.green, color.blue, color.alpha)
    _ = SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
  }

  private static func sdlRect(_ rect: PixelRect) -> SDL_Rect {
    SDL_Rect(x: rect.x, y: rect.y, w: rect.w, h: rect.h)
  }

  static func fill(_ renderer: Renderer, _ rect: PixelRect) {
    var rect = sdlRect(rect)
    _ = SDL_RenderFillRect(renderer, &rect)
  }

  /// Filled triangles from vertices in one colour (three per triangle).
  static func fillTriangles(_ renderer: Renderer, _ points: [SIMD2<Float>], _ color: RGBA) {
    let sdlColor = SDL_Color(r: color.red, g: color.green, b: color.blue, a: color.alpha)
    let vertices = points.map {
      SDL_Vertex(
        position: SDL_FPoint(x: $0.x, y: $0.y), color: sdlColor, tex_coord: SDL_FPoint(x: 0, y: 0))
    }
    _ = SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), nil, 0)
  }

  static func copy(
    _ renderer: Renderer, _ texture: Texture, source: PixelRect?, dest: PixelRect
  ) {
    var dest = sdlRect(dest)
    if var source = source.map(sdlRect) {
      _ = SDL_RenderCopy(renderer, texture, &source, &dest)
    } else {
      _ = SDL_RenderCopy(renderer, texture, nil, &dest)
    }
  }

  static func setClip(_ renderer: Renderer, _ rect: PixelRect?) {
    if var rect = rect.map(sdlRect) {
      _ = SDL_RenderSetClipRect(renderer, &rect)
    } else {
      _ = SDL_RenderSetClipRect(renderer, nil)
    }
  }

  static func present(_ renderer: Renderer) { SDL_RenderPresent(renderer) }

  /// The surface a software renderer on `window` draws into (SDL makes it anew after a resize,
  /// and the renderer takes the same one).
  static func windowSurface(_ window: Window) -> Surface? { SDL_GetWindowSurface(window) }

  /// Whether the renderer draws 1:1 from its surface's top-left (no viewport offset, no scale),
  /// so a rectangle it is given is the same rectangle of the surface.
  static func drawsUnscaled(_ renderer: Renderer) -> Bool {
    var scaleX: Float = 0
    var scaleY: Float = 0
    SDL_RenderGetScale(renderer, &scaleX, &scaleY)
    var viewport = SDL_Rect()
    SDL_RenderGetViewport(renderer, &viewport)
    return scaleX == 1 && scaleY == 1 && viewport.x == 0 && viewport.y == 0
  }

  /// The renderer's clip; nil when it has none.
  static func clip(of renderer: Renderer) -> PixelRect? {
    guard SDL_RenderIsClipEnabled(renderer) == SDL_TRUE else { return nil }
    var clip = SDL_Rect()
    SDL_RenderGetClipRect(renderer, &clip)
    return PixelRect(x: clip.x, y: clip.y, w: clip.w, h: clip.h)
  }

  /// The layout of a surface's 32-bit pixels that `TintedBlend` reads or writes: ARGB8888, or
  /// XRGB8888 (SDL's RGB888); nil for any other.
  static func blendLayout(of surface: Surface) -> TintedBlend.Destination? {
    switch surface.pointee.format.pointee.format {
    case SDL_PIXELFORMAT_ARGB8888.rawValue: .withAlpha
    case SDL_PIXELFORMAT_RGB888.rawValue: .opaque
    default: nil
    }
  }

  /// Draws what the renderer still holds back (it batches commands until a present or a flush).
  static func flush(_ renderer: Renderer) { _ = SDL_RenderFlush(renderer) }

  /// Sends `rect` of the window's surface (what a software renderer on the window draws into)
  /// to the window system; nil: all of it. SDL_RenderPresent of the software renderer sends the
  /// whole surface (SDL_UpdateWindowSurface): on X11 one XShmPutImage of every pixel, which
  /// the X server copies and a compositor redraws, for a fill that moved a few columns.
  /// Call `flush` first. Fails quietly as SDL_RenderPresent does (a surface made invalid by a
  /// resize is got again by the renderer's next drawing, and the frame after is whole).
  static func updateWindowSurface(_ window: Window, _ rect: PixelRect?) {
    guard var area = rect.map(sdlRect) else {
      _ = SDL_UpdateWindowSurface(window)
      return
    }
    _ = SDL_UpdateWindowSurfaceRects(window, &area, 1)
  }

  /// Reads the renderer's pixels (those in `rect` when given) as ARGB8888 into a new surface.
  static func readPixels(_ renderer: Renderer, in rect: PixelRect? = nil) throws(SDLError)
    -> Surface
  {
    let size = outputSize(renderer)
    let area = rect ?? PixelRect(x: 0, y: 0, w: size.width, h: size.height)
    let surface = try createSurface(width: area.w, height: area.h)
    var sdlArea = sdlRect(area)
    let result = SDL_RenderReadPixels(
      renderer, &sdlArea, SDL_PIXELFORMAT_ARGB8888.rawValue, surface.pointee.pixels,
      surface.pointee.pitch)
    if result < 0 {
      let failure = error("SDL_RenderReadPixels")
      freeSurface(surface)
      throw failure
    }
    return surface
  }

  // MARK: - Textures and surfaces

  static func createTexture(_ renderer: Renderer, from surface: Surface) throws(SDLError)
    -> Texture
  {
    guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else {
      throw error("SDL_CreateTextureFromSurface")
    }
    _ = SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
    return texture
  }

  nonisolated static func destroyTexture(_ texture: Texture) { SDL_DestroyTexture(texture) }

  /// Makes `texture` replace what it is drawn over (its alpha included) rather than blend.
  static func setReplacing(_ texture: Texture) {
    _ = SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
  }

  static func setColorMod(_ texture: Texture, _ color: RGBA) {
    _ = SDL_SetTextureColorMod(texture, color.red, color.green, color.blue)
    _ = SDL_SetTextureAlphaMod(texture, color.alpha)
  }

  /// A transparent ARGB8888 surface.
  static func createSurface(width: Int32, height: Int32) throws(SDLError) -> Surface {
    guard
      let surface = SDL_CreateRGBSurfaceWithFormat(
        0, max(1, width), max(1, height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
    else { throw error("SDL_CreateRGBSurfaceWithFormat") }
    return surface
  }

  nonisolated static func freeSurface(_ surface: Surface) { SDL_FreeSurface(surface) }

  /// Copies rows of `width` BGRA pixels into an ARGB8888 surface of that size, row by row
  /// (the surface's rows may be padded).
  static func copyPixels(_ bgra: [UInt8], width: Int, height: Int, into surface: Surface) {
    guard let pixels = surface.pointee.pixels else { return }
    let pitch = Int(surface.pointee.pitch)
    let rowBytes = min(width * 4, pitch)
    bgra.withUnsafeBytes { source in
      guard let base = source.baseAddress else { return }
      for row in 0..<min(height, Int(surface.pointee.h)) {
        (pixels + row * pitch).copyMemory(from: base + row * width * 4, byteCount: rowBytes)
      }
    }
  }

  /// Linear filtering when the texture is drawn at another size (a cover shrunk to the header).
  static func setSmoothScaling(_ texture: Texture) {
    _ = SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
  }

  static func size(of surface: Surface) -> (width: Int32, height: Int32) {
    (surface.pointee.w, surface.pointee.h)
  }

  /// Scales `source` over the whole of `dest` (no blending).
  static func scaleCopy(_ source: Surface, into dest: Surface) throws(SDLError) {
    _ = SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_NONE)
    var target = SDL_Rect(x: 0, y: 0, w: dest.pointee.w, h: dest.pointee.h)
    try check(SDL_UpperBlitScaled(source, nil, dest, &target), "SDL_BlitScaled")
  }

  /// The alpha bytes of an ARGB8888 surface (as `createSurface` makes them).
  static func alphaPlane(of surface: Surface) -> AlphaMask {
    let width = Int(surface.pointee.w)
    let height = Int(surface.pointee.h)
    let pitch = Int(surface.pointee.pitch)
    guard let pixels = surface.pointee.pixels else {
      return AlphaMask(width: width, height: height)
    }
    var alpha = [UInt8](repeating: 0, count: width * height)
    for y in 0..<height {
      let row = (pixels + y * pitch).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width { alpha[y * width + x] = UInt8(truncatingIfNeeded: row[x] >> 24) }
    }
    return AlphaMask(width: width, height: height, alpha: alpha)
  }

  /// A white ARGB8888 surface with the alpha of `mask`.
  static func whiteSurface(alpha mask: AlphaMask) throws(SDLError) -> Surface {
    let surface = try createSurface(width: Int32(mask.width), height: Int32(mask.height))
    let pitch = Int(surface.pointee.pitch)
    guard let pixels = surface.pointee.pixels else { return surface }
    for y in 0..<mask.height {
      let row = (pixels + y * pitch).assumingMemoryBound(to: UInt32.self)
      for x in 0..<mask.width { row[x] = UInt32(mask[x, y]) << 24 | 0x00FF_FFFF }
    }
    return surface
  }

  /// Copies `source` (alpha included, no blending) into `dest` at x, y.
  static func copyPixels(_ source: Surface, into dest: Surface, x: Int32, y: Int32)
    throws(SDLError)
  {
    _ = SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_NONE)
    var target = SDL_Rect(x: x, y: y, w: source.pointee.w, h: source.pointee.h)
    try check(SDL_UpperBlit(source, nil, dest, &target), "SDL_BlitSurface")
  }
}
