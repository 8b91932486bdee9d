import CSDL2

/// Every SDL2 call of the module goes through here, so failures become `SDLError` with SDL's own
/// message in one place. Pointers to SDL objects are owned by the final classes that call these
/// (`SDLWindow`, `SDLTexture`, `SDLSurface`); this file owns nothing.
///
/// Thread model: SDL is used from one thread only, the thread that runs `SDLEventLoop`
/// (the main thread in the app). `pushWakeEvent` is the one call made from other threads;
/// SDL documents `SDL_PushEvent` as thread-safe.
enum SDL {
  typealias Window = OpaquePointer
  typealias Renderer = OpaquePointer
  typealias Texture = OpaquePointer
  typealias Surface = UnsafeMutablePointer<SDL_Surface>

  static func lastError() -> String { String(cString: SDL_GetError()) }

  static func error(_ operation: String) -> SDLError {
    SDLError(operation: operation, message: lastError())
  }

  static func check(_ result: Int32, _ operation: String) throws(SDLError) {
    if result < 0 { throw error(operation) }
  }

  // MARK: - Start and stop

  static func setHint(_ name: String, _ value: String) {
    _ = SDL_SetHint(name, value)
  }

  static func initVideo() throws(SDLError) {
    try check(SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS), "SDL_InitSubSystem(VIDEO)")
  }

  static func quitVideo() { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }

  static func currentVideoDriver() -> String? {
    SDL_GetCurrentVideoDriver().map { String(cString: $0) }
  }

  static func registerUserEvent() throws(SDLError) -> UInt32 {
    let type = SDL_RegisterEvents(1)
    if type == UInt32.max { throw error("SDL_RegisterEvents") }
    return type
  }

  // MARK: - Events

  /// Waits up to `timeoutMs` for an event; true when `event` was filled.
  static func waitEvent(_ event: inout SDL_Event, timeoutMs: Int32) -> Bool {
    SDL_WaitEventTimeout(&event, timeoutMs) == 1
  }

  static func pollEvent(_ event: inout SDL_Event) -> Bool { SDL_PollEvent(&event) == 1 }

  /// Thread-safe: wakes the loop thread out of `waitEvent`.
  static func pushWakeEvent(type: UInt32) {
    var event = SDL_Event()
    event.type = type
    _ = SDL_PushEvent(&event)
  }

  static func ticks() -> UInt32 { SDL_GetTicks() }

  static func modifierState() -> SDL_Keymod { SDL_GetModState() }

  // MARK: - Displays

  static func displayBounds(_ index: Int32) throws(SDLError) -> SDL_Rect {
    var rect = SDL_Rect()
    try check(SDL_GetDisplayUsableBounds(index, &rect), "SDL_GetDisplayUsableBounds")
    return rect
  }

  static func displayIndex(_ window: Window) -> Int32 { max(0, SDL_GetWindowDisplayIndex(window)) }

  /// Diagonal DPI of a display, nil when SDL cannot tell.
  static func displayDPI(_ index: Int32) -> Float? {
    var ddpi: Float = 0
    return SDL_GetDisplayDPI(index, &ddpi, nil, nil) == 0 ? ddpi : nil
  }

  // MARK: - Windows

  static func createWindow(title: String, width: Int32, height: Int32, flags: UInt32)
    throws(SDLError) -> Window
  {
    let undefined = Int32(bitPattern: SDL_WINDOWPOS_UNDEFINED_MASK)
    guard let window = SDL_CreateWindow(title, undefined, undefined, width, height, flags) else {
      throw error("SDL_CreateWindow")
    }
    return window
  }

  static func destroyWindow(_ window: Window) { SDL_DestroyWindow(window) }
  static func windowID(_ window: Window) -> UInt32 { SDL_GetWindowID(window) }
  static func windowFlags(_ window: Window) -> UInt32 { SDL_GetWindowFlags(window) }
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

  static func setHitTest(
    _ window: Window, _ callback: SDL_HitTest, _ data: UnsafeMutableRawPointer?
  ) throws(SDLError) {
    try check(SDL_SetWindowHitTest(window, callback, data), "SDL_SetWindowHitTest")
  }

  /// The X11 window id, nil on other video drivers.
  static func x11WindowID(_ window: Window) -> UInt? { x11Handles(window)?.window }

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

  static func destroyRenderer(_ renderer: Renderer) { SDL_DestroyRenderer(renderer) }

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

  static func fill(_ renderer: Renderer, _ rect: SDL_Rect) {
    var rect = rect
    _ = SDL_RenderFillRect(renderer, &rect)
  }

  static func drawLine(_ renderer: Renderer, x1: Int32, y1: Int32, x2: Int32, y2: Int32) {
    _ = SDL_RenderDrawLine(renderer, x1, y1, x2, y2)
  }

  /// Filled triangles from vertices in one colour (three per triangle).
  static func fillTriangles(_ renderer: Renderer, _ points: [SDL_FPoint], _ color: RGBA) {
    let sdlColor = SDL_Color(r: color.red, g: color.green, b: color.blue, a: color.alpha)
    let vertices = points.map {
      SDL_Vertex(position: $0, color: sdlColor, tex_coord: SDL_FPoint(x: 0, y: 0))
    }
    _ = SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), nil, 0)
  }

  static func copy(_ renderer: Renderer, _ texture: Texture, source: SDL_Rect?, dest: SDL_Rect) {
    var dest = dest
    if var source {
      _ = SDL_RenderCopy(renderer, texture, &source, &dest)
    } else {
      _ = SDL_RenderCopy(renderer, texture, nil, &dest)
    }
  }

  static func setClip(_ renderer: Renderer, _ rect: SDL_Rect?) {
    if var rect {
      _ = SDL_RenderSetClipRect(renderer, &rect)
    } else {
      _ = SDL_RenderSetClipRect(renderer, nil)
    }
  }

  static func present(_ renderer: Renderer) { SDL_RenderPresent(renderer) }

  /// Reads the renderer's pixels as ARGB8888 into a new surface.
  static func readPixels(_ renderer: Renderer) throws(SDLError) -> Surface {
    let size = outputSize(renderer)
    let surface = try createSurface(width: size.width, height: size.height)
    let result = SDL_RenderReadPixels(
      renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, surface.pointee.pixels,
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

  static func destroyTexture(_ texture: Texture) { SDL_DestroyTexture(texture) }

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

  static func freeSurface(_ surface: Surface) { SDL_FreeSurface(surface) }

  /// Scales `source` over the whole of `dest` (no blending).
  static func scaleCopy(_ source: Surface, into dest: Surface) throws(SDLError) {
    _ = SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_NONE)
    var target = SDL_Rect(x: 0, y: 0, w: dest.pointee.w, h: dest.pointee.h)
    try check(SDL_UpperBlitScaled(source, nil, dest, &target), "SDL_BlitScaled")
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
