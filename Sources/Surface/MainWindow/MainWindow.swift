import LyricsCore
import Session
import SystemSupport

/// The main player window: title and artist, the lyrics as a list with the current line
/// highlighted and kept in the middle, a progress bar with times, and buttons. It shows what
/// `SDLEventLoop.model` holds; input becomes `SurfaceIntent`s; focus and minimise changes become
/// `SurfaceEvent`s for the session manager. Isolated to the loop's thread (`WindowLoop`); the
/// `MainSurface` conformance is checked at run time, as `FloatingWindow`'s is.
@WindowLoop public final class MainWindow: @preconcurrency MainSurface, LoopWindow {
  public var onIntent: ((SurfaceIntent) -> Void)?
  public var onEvent: ((SurfaceEvent) -> Void)?
  /// Called right after a frame highlighting a new current line was presented: the line index
  /// and CLOCK_MONOTONIC in seconds (for the `line` event while the main window shows lyrics).
  public var onLinePresented: ((Int, Double) -> Void)?
  /// Problems that did not stop the window (a font family that is not installed, a text that
  /// could not be drawn), each once.
  public private(set) var warnings: [String] = []
  /// Told each new problem met while the window runs (after `warnings` was read at start).
  public var onWarning: ((String) -> Void)?
  /// Whether the strip is locked, for the lock button's picture (the wiring keeps it true).
  public var stripLocked = false
  public internal(set) var isMinimized = false
  public internal(set) var hasFocus = false

  let loop: SDLEventLoop
  let regular: TextCache
  let bold: TextCache
  private(set) var window: SDLWindow?
  var layout = MainLayout(width: 1, height: 1)
  /// The lyrics the list's note rows were counted for.
  var annotatedLyricsRevision = -1
  var lastFrame: MainFrame?
  var lastPresentedLine: Int?
  var minimizeStateChanged = false
  /// The cover as a texture, made from `SurfaceModel.cover` at `coverTextureRevision`.
  var coverTexture: SDLTexture?
  var coverTextureRevision = 0
  private var pendingScreenshot: (path: String, done: (Result<Void, any Error>) -> Void)?
  /// A line the list stays centred on (after `restore(scrolledTo:)` or scrolling) until the
  /// current line changes.
  var pinnedLine: Int?
  var pinnedWhileOn: Int?
  /// The queue view (`MainQueueView.swift`) in place of the lyrics list; nil: the lyrics.
  var queueView: MainQueueState?
  /// The candidate picker, while open (`MainWindow+Picker`).
  var picker: MainCandidatePicker?
  /// A message in the header and its end (`MainWindow+Status`).
  var message: (text: String, untilNanos: Int64)?
  /// The first row of untimed text shown.
  var plainScroll = 0
  /// Bumped when the picker, a message or the scrolled text change.
  var extrasRevision = 0

  public init(loop: SDLEventLoop, fontFamily: String? = nil) throws {
    self.loop = loop
    let regularFonts = try FontResolver(family: fontFamily, bold: false)
    let boldFonts = try FontResolver(family: fontFamily, bold: true)
    if let warning = regularFonts.warning { warnings.append(warning) }
    regular = TextCache(renderer: TextRenderer(resolver: regularFonts))
    bold = TextCache(renderer: TextRenderer(resolver: boldFonts))
    for cache in [regular, bold] {
      cache.onFailure = { [unowned self] in self.warn("a text could not be drawn: \($0)") }
    }
  }

  /// Records a problem, and tells `onWarning`, the first time it is met.
  func warn(_ message: String) {
    guard !warnings.contains(message) else { return }
    warnings.append(message)
    onWarning?(message)
  }

  public var windowID: UInt32 { window?.id ?? 0 }
  public var x11WindowID: UInt? { window.flatMap { SDL.x11WindowID($0.window) } }

  /// Creates the window, hidden.
  public func prepare() throws {
    guard window == nil else { return }
    let window = try SDLWindow(
      title: "lyricpip", width: 720, height: 600, options: [.hidden, .resizable, .highDPI])
    SDL.setMinimumSize(window.window, width: 360, height: 320)
    self.window = window
    relayout()
    loop.register(self)
  }

  /// Shows the window (normally, with focus).
  public func show() throws {
    try prepare()
    guard let window else { return }
    guard window.showWithinBound() else {
      throw SurfaceError(
        "the window manager did not map the main window within \(X11.mapGrantSeconds) s")
    }
    SDL.raise(window.window)
    lastFrame = nil
    drawIfNeeded(nowNanos: loop.clock.nowNanos)
  }

  /// Keeps the window title in step with the track.
  func updateTitle() {
    guard let window else { return }
    let nowPlaying = loop.model.nowPlaying
    let title = nowPlaying.title.isEmpty ? "lyricpip" : "\(nowPlaying.title) – lyricpip"
    SDL.setTitle(window.window, title)
  }

  /// Writes a PNG of the window as soon as a lyric line is highlighted (at once if one is),
  /// then calls `done` on the loop thread.
  public func screenshotWhenLineIsUp(
    to path: String, done: @escaping (Result<Void, any Error>) -> Void
  ) {
    pendingScreenshot = (path, done)
    lastFrame = nil
  }

  // MARK: - MainSurface

  public func restore(scrolledTo line: Int) {
    guard let window else { return }
    let handles = SDL.x11Handles(window.window)
    // SDL's restore of a window it believes hidden shows it, with the same unbounded wait. A
    // window the window manager keeps unmapped (on another desktop) comes with a switch to its
    // desktop and the activation, asked for first then, and SDL learns of it from the events.
    if !window.isShown, let handles {
      X11.goToDesktop(of: handles.window, display: handles.display)
      X11.requestActivation(display: handles.display, window: handles.window)
    }
    if window.showWithinBound() {
      SDL.restore(window.window)
      SDL.raise(window.window)
    }
    if let handles {
      X11.requestActivation(display: handles.display, window: handles.window)
    }
    pinnedLine = line
    pinnedWhileOn = loop.model.position(atNanos: loop.clock.nowNanos).line
    lastFrame = nil
  }

  // MARK: - LoopWindow

  func nextDeadline(nowNanos now: Int64) -> Int64? {
    // Hidden (the strip up instead), it draws nothing, so nothing of it may wake the loop.
    guard let window, !isMinimized, window.isShown else { return nil }
    let messageEnd = messageDeadline(now: now)
    guard loop.model.nowPlaying.isPlaying else { return messageEnd }
    // The clock text changes every second; lines change when the timeline says.
    let position = loop.model.nowPlaying.position(atNanos: now)
    let nextSecond = now + Int64(1_000 - position % 1_000) * 1_000_000
    return [nextSecond, loop.model.nextChangeNanos(after: now), messageEnd].compactMap { $0 }.min()
  }

  func drawIfNeeded(nowNanos now: Int64) {
    guard let window, !isMinimized, window.isShown else { return }
    updateAnnotationRows()
    let frame = makeFrame(now: now)
    guard frame != lastFrame else { return }
    if frame.revision != lastFrame?.revision { updateTitle() }
    draw(frame, on: window)
    if let pending = pendingScreenshot, frame.currentLine >= 0 {
      pendingScreenshot = nil
      pending.done(Result { try window.savePNG(to: pending.path) })
    }
    SDL.present(window.renderer)
    if lastPresentedLine != frame.currentLine {
      lastPresentedLine = frame.currentLine
      let seconds = Double(SystemClock.monotonicNanos()) / 1e9
      loop.presentation.presented(frame.currentLine, by: windowID, at: seconds)
      onLinePresented?(frame.currentLine, seconds)
    }
    lastFrame = frame
  }

  func relayout() {
    guard let window else { return }
    let pixels = window.pixelSize
    layout = MainLayout(
      width: pixels.width, height: pixels.height,
      annotationRows: MainLineAnnotations.rows(in: loop.model.lyrics),
      showsCover: coverTexture != nil)
    regular.removeAll()
    bold.removeAll()
    lastFrame = nil
  }

  /// Window coordinates to pixels (they differ on high-DPI outputs).
  func pixelScale() -> Int32 {
    guard let window else { return 1 }
    return max(1, layout.width / max(1, window.size.width))
  }
}
