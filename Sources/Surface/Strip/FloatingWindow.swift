import LyricsCore
import Session
import SystemSupport

/// The floating lyric strip: a borderless, always-on-top window kept out of the taskbar, shaped
/// like the placeholder picture, showing the current line large with a karaoke fill and the next
/// line (or the translation) below it. It shows what `SDLEventLoop.model` holds, and turns input
/// into `SurfaceIntent`s and `SurfaceEvent`s. Isolated to the loop's thread (`WindowLoop`).
/// Everything it asks of its window goes through a `StripHost`: an SDL window on X11
/// (`SDLStripHost`), or an off-screen canvas whose frames go to a `StripCanvasSink`
/// (`CanvasStripHost`, for a native Wayland surface).
///
/// `FloatingSurface` is Session's, which knows no actor (its controller also drives stand-ins on
/// other threads), so the conformance is `@preconcurrency`: a call through it from another
/// thread is stopped at run time by the actor's thread check instead of at compile time.
@WindowLoop public final class FloatingWindow: @preconcurrency FloatingSurface, LoopWindow {
  /// What the strip was made with; its live part changes with `applyLive(_:)`.
  public internal(set) var settings: StripSettings
  /// User intents (play/pause, seek, offset).
  public var onIntent: ((SurfaceIntent) -> Void)?
  /// Restore and close requests, for the session manager.
  public var onEvent: ((SurfaceEvent) -> Void)?
  /// Called right after a frame showing a new line was presented: the line index and
  /// CLOCK_MONOTONIC in seconds (for the `line` event).
  public var onLinePresented: ((Int, Double) -> Void)?
  /// Problems that did not stop the strip (a font family that is not installed, no opacity, a
  /// line that could not be drawn), each once.
  public private(set) var warnings: [String] = []
  /// Told each new problem met while the strip runs (after `warnings` was read at start).
  public var onWarning: ((String) -> Void)?
  public private(set) var isShown = false
  /// Locked: clicks and the wheel go to the window below (except on the unlock handle), the
  /// strip never takes the focus and cannot be dragged or resized (`setLocked`).
  public private(set) var isLocked = false

  let loop: SDLEventLoop
  /// Draws the strip's text (a `TextRenderer`; tests swap in one that fails).
  var text: any TextDrawing
  /// What the strip is shown on: an SDL window, or a canvas whose pixels go to a sink.
  private(set) var host: (any StripHost)?
  let hostKind: StripHostKind
  let hitTest = StripHitTest()
  var geometry: StripGeometry
  /// Held back by the show/hide rules, fading, placed (FloatingWindow+Desktop).
  var desktop = StripOnDesktop()
  var layout = StripLayout(width: 1, height: 1, fontSize: nil)
  var background: SDLTexture?
  /// The background is to be made at the next frame drawn (the layout changed).
  var backgroundWanted = false

  // What is on screen, and what it was built from.
  var current: LineImages?
  /// The line fading out under `current`; let go when the fade ends.
  var previous: LineImages?
  /// The next line's images, made once the current line was presented and the old one's fade
  /// ended, so a line change only draws (rendering text takes milliseconds, more on a busy
  /// machine, and the `line` event waits for the frame). Made after the fade, not with its
  /// first frame, so that at most two lines' images are held at any time: each is several
  /// hundred kilobytes of pixels.
  var upcoming: UpcomingLine?
  /// The line whose successor was last made ahead (or tried), so it is made once per line.
  var preparedAfter: LineAttempt?
  var fadeStartNanos: Int64?
  var lastFrame: StripFrame?
  /// The current line wholly sung, where the fill frames copy from (made at the first fill
  /// frame that needs it, dropped when the strip is drawn whole).
  var filledBand: FilledBand?
  /// How many fill frames were copied from `filledBand` (tests check that the fill uses it).
  private(set) var framesCopiedFromBand = 0
  var builtLyricsRevision = -1
  /// The line that could not be drawn, so it is not tried again at every frame.
  var failedLine: LineAttempt?
  var lastPresentedLine: Int?
  var hovering = false
  var lastDrawNanos: Int64?
  /// A frame that differs only in motion was held back for its frame slot. Its slot is then a
  /// deadline of its own: when the motion came from outside (a seek while paused moves the
  /// fill back) nothing else moves, and the loop, which sleeps with no timeout, would never
  /// draw it.
  var motionHeldBack = false
  /// A strip with `background = none`: its visual, the compositor, its shape.
  var textOnly = TextOnlyState()
  /// How many frames were presented (tests check that nothing is drawn while nothing moves).
  public private(set) var framesPresented = 0
  var frameNanos: Int64 { 1_000_000_000 / Int64(max(1, settings.maxFramesPerSecond)) }
  /// The clip of the frame being drawn (nil: the whole strip).
  var activeClip: PixelRect?
  /// What was drawn since the last present, for the host.
  var unpresentedDamage = StripDamage()
  /// Where a press began: the pointer on the desktop and the window's position then.
  var dragStart: (pointer: (x: Int32, y: Int32), window: (x: Int32, y: Int32))?
  /// A press on an edge of a canvas strip (no window manager resizes it): the resize by hand.
  var edgeResize: StripEdgeResize?
  var notice: (text: RenderedText, untilNanos: Int64)?
  /// The last notice drawn, kept for the next time the same words are shown (until a relayout).
  private var keptNotice: (message: String, text: RenderedText)?
  private var lastOffsetMs: Int?
  /// The lyrics' source last told in a notice (nil again when the strip hides, so that each
  /// appearance says it once).
  var notedSource: String?
  var lastSize: (width: Int32, height: Int32) = (0, 0)
  private var pendingScreenshot: (path: String, done: (Result<Void, any Error>) -> Void)?

  /// A strip on an SDL window (X11, XWayland).
  public convenience init(loop: SDLEventLoop, settings: StripSettings = StripSettings()) throws {
    try self.init(loop: loop, settings: settings, host: .sdlWindow)
  }

  /// A strip drawn off screen, its pixels and its requests handed to `sink` (a native Wayland
  /// surface); `scale` pixels a window coordinate.
  public convenience init(
    loop: SDLEventLoop, settings: StripSettings = StripSettings(), canvas sink: any StripCanvasSink,
    scale: Int32 = 1
  ) throws {
    try self.init(
      loop: loop, settings: settings, host: .canvas(sink, scale: .integer(Int(scale))))
  }

  /// A strip drawn off screen at `scale` (a fractional one too), its pixels and requests handed
  /// to `sink`.
  public convenience init(
    loop: SDLEventLoop, settings: StripSettings = StripSettings(), canvas sink: any StripCanvasSink,
    canvasScale scale: CanvasScale
  ) throws {
    try self.init(loop: loop, settings: settings, host: .canvas(sink, scale: scale))
  }

  init(loop: SDLEventLoop, settings: StripSettings, host: StripHostKind) throws {
    self.loop = loop
    self.settings = settings
    hostKind = host
    let resolver = try FontResolver(family: settings.fontFamily, bold: true)
    if let warning = resolver.warning { warnings.append(warning) }
    text = TextRenderer(resolver: resolver)
    let size: (width: Int, height: Int)
    do {
      size = try PNGSize.read(path: settings.placeholderPath)
    } catch {
      throw PlaceholderPictureError(path: settings.placeholderPath, readError: error)
    }
    geometry = StripGeometry(aspect: Double(size.width) / Double(size.height))
  }

  public var windowID: UInt32 { host?.windowID ?? 0 }

  /// The X11 window id, for tools (xprop, xdotool); nil before `prepare()` or off X11.
  public var x11WindowID: UInt? { host?.x11WindowID }

  /// The SDL window the strip is on; nil before `prepare()` or on a canvas.
  var window: SDLWindow? { (host as? SDLStripHost)?.window }

  /// Width over height, from the placeholder picture.
  public var aspect: Double { geometry.aspect }

  public var renderSize: (width: Int, height: Int) {
    guard let host else { return (0, 0) }
    let size = host.size
    return (Int(size.width), Int(size.height))
  }

  // MARK: - FloatingSurface

  public func prepare() throws {
    guard host == nil else { return }
    let host: any StripHost
    switch hostKind {
    case .sdlWindow:
      host = try SDLStripHost(geometry: geometry, textOnly: isTextOnly, loop: loop)
    case .canvas(let sink, let scale):
      host = try CanvasStripHost(geometry: geometry, sink: sink, scale: scale)
    }
    let minimumWidth = Int32(geometry.smallestWidth)
    host.setMinimumSize(
      width: minimumWidth, height: Int32(geometry.height(forWidth: Int(minimumWidth))))
    if settings.opacity < 1 {
      do {
        try host.setOpacity(Float(max(0.1, settings.opacity)))
      } catch {
        warnings.append("strip opacity is not supported here: \(error.message)")
      }
    }
    try host.setHitTest(hitTest)
    self.host = host
    textOnlyWindowMade()
    lastSize = host.size
    relayout()
    loop.register(self)
    if isLocked { applyLock() }
  }

  public func show() throws {
    if case .sdlWindow = hostKind, loop.videoDriver == "wayland" {
      throw SurfaceError("on Wayland the lyric strip cannot be kept above other windows")
    }
    if host == nil { try prepare() }
    guard let host else { throw SurfaceError("the lyric strip could not be created") }
    // Held back by a show/hide rule, it stays unmapped until let back (FloatingWindow+Desktop).
    if !desktop.heldBack { try putOnScreen(host) }
    isShown = true
  }

  /// While an entry waits out its grace, makes what its first frame needs: the strip's place
  /// (the first time), the current line's images (with no fade: `changeLine` fades only on
  /// screen), the next line's, and the source's notice. The entry then
  /// only maps and draws: made in it, they cost 1 to 6 ms after the window manager had mapped
  /// the strip.
  public func readyForEntry() {
    guard !isShown, let host else { return }
    placeIfNeeded(host)
    let index = bringLineUpToDate(now: loop.clock.nowNanos)
    fadeStartNanos = nil
    fadeEnded(line: index)
    if let notice = sourceNotice { _ = try? noticeImage(notice.message) }
  }

  public func hide() {
    guard let host, isShown else { return }
    takeOffScreen(host)
    isShown = false
    notedSource = nil
  }

  // MARK: - Lock

  /// Locks or unlocks the strip. Locked, the strip's input region (X Shape) is only the unlock
  /// handle, so every other click, the wheel and the pointer reach the window below as if the
  /// strip were not there; the window manager is told it takes no focus, and it is neither
  /// resizable nor draggable. The handle stays faintly visible at the strip's left end.
  public func setLocked(_ locked: Bool) {
    guard locked != isLocked else { return }
    isLocked = locked
    applyLock()
  }

  /// The unlock handle of a locked strip in window coordinates: a small square at the left end,
  /// centred in height.
  var unlockHandle: PixelRect {
    let height = host?.size.height ?? 0
    let side = max(16, height / 5)
    return PixelRect(x: side / 3, y: (height - side) / 2, w: side, h: side)
  }

  /// The middle of the unlock handle in window coordinates (where a person clicks to unlock).
  public var unlockHandleCentre: (x: Int, y: Int) {
    let handle = unlockHandle
    return (Int(handle.x + handle.w / 2), Int(handle.y + handle.h / 2))
  }

  private func applyLock() {
    dragStart = nil
    edgeResize = nil
    hitTest.isLocked = isLocked
    lastFrame = nil
    hoverChanged()
    guard let host else { return }
    host.setLocked(isLocked)
    applyInputRegion()
  }

  /// The input region follows the handle when the strip's size changes.
  private func applyInputRegion() {
    guard let host else { return }
    let problem = host.setInputRegion(isLocked ? unlockHandle : nil)
    if let problem, isLocked { warn(problem) }
  }

  // MARK: - Settings at run time

  /// Writes a PNG of the strip as soon as a lyric line is fully on it (at once if one is), then
  /// calls `done` on the loop thread.
  public func screenshotWhenLineIsUp(
    to path: String, done: @escaping (Result<Void, any Error>) -> Void
  ) {
    pendingScreenshot = (path, done)
    lastFrame = nil
  }

  // MARK: - LoopWindow

  func nextDeadline(nowNanos now: Int64) -> Int64? {
    guard isOnScreen else { return nil }
    // The earliest of these, kept as it goes: no array at every loop turn (the loop turns at
    // every fill frame).
    var earliest: Int64?
    func consider(_ deadline: Int64?) {
      guard let deadline else { return }
      earliest = min(earliest ?? deadline, deadline)
    }
    // Motion (a fill crossing a pixel, a fade step) waits for its frame slot, as `renderFrame`
    // holds it back until then (FloatingWindow+Pacing).
    consider(nextMotionNanos(after: now).map { max($0, (lastDrawNanos ?? $0) + frameNanos) })
    if motionHeldBack, let last = lastDrawNanos { consider(last + frameNanos) }
    consider(notice?.untilNanos)
    consider(loop.model.nextChangeNanos(after: now))
    return earliest
  }

  func drawIfNeeded(nowNanos now: Int64) {
    guard isOnScreen, let host else { return }
    guard let frame = renderFrame(nowNanos: now) else { return }
    present(frame, on: host)
  }

  /// Draws the frame due at `now` into the window's surface without presenting it; nil when it
  /// is the frame on screen, or a fill that waits for its frame slot. SDL's software renderer
  /// draws into the surface whether or not the window is mapped (only iOS and Android builds of
  /// SDL skip drawing while hidden), which lets `putOnScreen` draw while the window manager maps.
  func renderFrame(nowNanos now: Int64) -> StripFrame? {
    guard let host else { return nil }
    noteOffsetChange(now: now)
    noteSource(now: now)
    if let notice, now >= notice.untilNanos { self.notice = nil }
    bringLineUpToDate(now: now)
    let frame = makeFrame(now: now)
    guard frame != lastFrame else {
      motionHeldBack = false
      return nil
    }
    // Motion (the fill, a fade) waits for the next frame slot; anything else draws at once.
    // Without the wait a fade drew most of its frames twice: once at the start of a loop turn
    // and again at its end, a few milliseconds later, the fill having moved a pixel.
    if let lastFrame, let last = lastDrawNanos, now - last < frameNanos,
      frame.differsOnlyInMotion(from: lastFrame)
    {
      motionHeldBack = true
      return nil
    }
    motionHeldBack = false
    let fillClip = damage(from: lastFrame, to: frame)
    let clip = fillClip ?? lastFrame.flatMap { fadeDamage(from: $0, to: frame) }
    // A whole frame (a new line, a look change) leaves the band behind; the next fill frame
    // makes it again, so a strip's entry and a paused strip never pay for it.
    if clip == nil { filledBand = nil }
    if fillClip != nil, let lastFrame,
      let band = filledBand(from: lastFrame, to: frame, on: host.renderTarget),
      let copied = band.copy(
        fillFrom: lastFrame.fillX, to: frame.fillX, on: host.renderTarget.renderer)
    {
      unpresentedDamage.add(copied)
      framesCopiedFromBand += 1
    } else {
      draw(frame, on: host.renderTarget, clip: clip)
      unpresentedDamage.add(clip)
    }
    lastDrawNanos = now
    return frame
  }

  /// The line on display at `now`, its images made when the line or the lyrics changed.
  @discardableResult
  private func bringLineUpToDate(now: Int64) -> Int {
    let index = loop.model.position(atNanos: now).line
    if current?.index != index || builtLyricsRevision != loop.model.lyricsRevision {
      changeLine(to: index, now: now)
    }
    return index
  }

  /// Puts the frame `renderFrame` drew on screen, and tells who waits for its line.
  func present(_ frame: StripFrame, on host: any StripHost) {
    // A text-only strip's shape follows what is presented, so it changes only on the mapped
    // window, as it did before frames were drawn ahead of the map.
    updateShape(for: frame)
    if let pending = pendingScreenshot, frame.line >= 0, frame.fadeStep == 16 {
      pendingScreenshot = nil
      pending.done(Result { try host.savePNG(to: pending.path) })
    }
    host.present(damage: unpresentedDamage.take())
    framesPresented += 1
    lastFrame = frame
    if lastPresentedLine != frame.line {
      lastPresentedLine = frame.line
      let seconds = Double(SystemClock.monotonicNanos()) / 1e9
      loop.presentation.presented(frame.line, by: windowID, at: seconds)
      onLinePresented?(frame.line, seconds)
    }
    if frame.fadeStep == 16 { fadeEnded(line: frame.line) }
  }

  // MARK: - Size

  func sizeChanged(width: Int32, height: Int32) {
    guard let host else { return }
    let wanted = geometry.constrained(
      width: Int(width), height: Int(height), previousWidth: Int(lastSize.width),
      previousHeight: Int(lastSize.height))
    if abs(Int32(wanted.height) - height) > 1 || Int32(wanted.width) != width {
      host.setSize(width: Int32(wanted.width), height: Int32(wanted.height))
    }
    lastSize = host.size
    relayout()
  }

  /// Lays the strip out again for its current pixel size (a resize, a move to another display).
  func relayout() {
    guard let host else { return }
    let pixels = host.pixelSize
    layout = StripLayout(width: pixels.width, height: pixels.height, fontSize: settings.fontSize)
    let size = host.size
    hitTest.width = size.width
    hitTest.height = size.height
    hitTest.edge = max(6, size.height / 16)
    if isLocked { applyInputRegion() }
    updateButtonRects()
    // Made at the first frame drawn, not here: at start that is after the first sound, when
    // the loader's pages are let go, so the decoded picture (3.2 MB for a moment) no longer
    // adds to the start's peak.
    background = nil
    backgroundWanted = true
    current = nil
    previous = nil
    upcoming = nil
    filledBand = nil
    preparedAfter = nil
    notice = nil
    keptNotice = nil
    notedSource = nil
    lastFrame = nil
    failedLine = nil
  }

  /// The placeholder picture scaled to the strip once per size, so a frame copies it 1:1
  /// (scaling it every frame cost about 3% of a core at 30 frames a second). Tried once per
  /// layout: a picture that cannot be read is said once, not at every frame.
  func makeBackground(on target: any SDLRenderTarget) {
    background = nil
    backgroundWanted = false
    guard !isTextOnly else { return }
    do {
      let picture = SDLSurface(try PNG.load(settings.placeholderPath))
      let scaled = try SDLSurface(width: layout.width, height: layout.height)
      try SDL.scaleCopy(picture.pointer, into: scaled.pointer)
      if boxBlends, let (base, pitch) = SDL.pixels(of: scaled.pointer) {
        RoundedCorners.cut(
          base, width: Int(layout.width), height: Int(layout.height), pitch: pitch,
          radius: RoundedCorners.pictureRadius * Double(layout.width) / RoundedCorners.pictureWidth)
      }
      background = try target.texture(from: scaled)
    } catch {
      warn("strip background not drawn: \(error)")
    }
  }

  func updateButtonRects() {
    // Hit testing works in window coordinates, the layout in pixels (more on high DPI).
    let scale = pixelScale
    let placed = visibleButtons().map { layout.controlRects($0) } ?? []
    hitTest.buttonRects = placed.map { _, rect in scale.points(rect) }
  }

  /// Pixels a window coordinate: the layout's width over the window's (1 before `prepare()`).
  var pixelScale: PixelScale {
    PixelScale(pixels: Int(layout.width), points: Int(host?.size.width ?? 0))
  }

  /// The controls the settings and the track allow (none when hidden).
  func visibleButtons() -> [StripButton]? {
    switch settings.controls {
    case .hidden: return nil
    case .minimal: return [.close, .restore]
    case .full:
      return loop.model.nowPlaying.linearOnly
        ? [.close, .restore, .playPause] : [.close, .restore, .skipForward, .playPause, .skipBack]
    }
  }

  /// Records a problem, and tells `onWarning`, the first time it is met.
  func warn(_ message: String) {
    guard !warnings.contains(message) else { return }
    warnings.append(message)
    onWarning?(message)
  }

  private func noteOffsetChange(now: Int64) {
    let offset = loop.model.nowPlaying.offsetMs
    defer { lastOffsetMs = offset }
    guard let last = lastOffsetMs, last != offset else { return }
    let sign = offset > 0 ? "+" : ""
    showNotice("Lyrics offset \(sign)\(offset) ms", now: now, what: "the offset notice")
  }

  /// Shows `message` small in the corner for a moment (the offset, the lyrics' source).
  func showNotice(_ message: String, now: Int64, what: String) {
    do {
      guard let image = try noticeImage(message) else { return }
      notice = (image, now + StripStyle.noticeNanos)
    } catch {
      warn("\(what) could not be drawn: \(error)")
    }
  }

  /// `message` drawn as a notice. The source's notice comes at every appearance of the strip:
  /// it is drawn once and kept, not drawn again at each entry.
  func noticeImage(_ message: String) throws(SDLError) -> RenderedText? {
    if let kept = keptNotice, kept.message == message { return kept.text }
    guard let host else { return nil }
    let rendered = try text.render(
      [message], pixelSize: layout.noticePixelSize,
      effects: textEffects(pixelSize: layout.noticePixelSize), onto: host.renderTarget)
    keptNotice = (message, rendered)
    return rendered
  }
}
