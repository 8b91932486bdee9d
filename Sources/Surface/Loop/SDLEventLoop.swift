import Clocks
import FoundationEssentials
import LyricsCore
import Session
import SystemSupport

/// Owns SDL video for the process and runs the window loop.
///
/// Thread model: SDL is used from one thread only: the thread that creates the loop and calls
/// `run()` (the main thread in the app; a dedicated thread in tests, which SDL's X11 driver
/// allows as long as every SDL call is made from that one thread). That thread is the
/// `WindowLoop` global actor: the loop, the windows and `model` are isolated to it. Other
/// threads talk to it through `mailbox` (`post`, `update`) or by awaiting `@WindowLoop` code;
/// both wake the loop with an SDL user event. The loop sleeps in `SDL_WaitEventTimeout` until
/// the next event or the next instant a window's picture changes (a fill or fade frame, a line
/// change): nothing is drawn while nothing moves. One loop per process.
@WindowLoop public final class SDLEventLoop {
  nonisolated public let clock: any EventClock
  public let model = SurfaceModel()
  nonisolated public let mailbox: SurfaceMailbox
  /// Called on the loop thread when the window system asks the app to quit.
  public var onQuit: (() -> Void)?
  /// The name of SDL's video driver ("x11", "wayland"; "none" without SDL video).
  nonisolated public let videoDriver: String
  /// Whether SDL video runs (windows can be made); false for the native strip alone.
  nonisolated public var hasVideo: Bool {
    if case .sdlEvent = mailbox.wake { true } else { false }
  }
  private var windows: [UInt32: WeakWindow] = [:]
  /// The global shortcut grabbed on the X root window, and what it does.
  private var shortcut: (display: OpaquePointer, keycode: UInt32, mask: UInt32, action: () -> Void)?
  /// The desktop watch and who hears it (`SDLEventLoop+Desktop`).
  var desktop = DesktopFollowing()
  let presentation = LinePresentation()

  private struct WeakWindow {
    weak var window: (any LoopWindow)?
  }

  /// Starts SDL video on the calling thread, which becomes the `WindowLoop` actor's thread: it
  /// then enters the actor with `WindowLoop.assumeIsolated` (to make windows, to `run()`).
  /// Throws `NoDisplayError` when there is no display. `video` false: no SDL video at all
  /// (`videoDriver` "none"), for the native Wayland strip alone, which SDL only draws off
  /// screen: such a loop makes no SDL window and needs no X server.
  nonisolated public init(clock: any EventClock, video: Bool = true) throws {
    let wake: LoopWake
    if video {
      let driver = try Self.startVideo()
      do {
        try TTF.initialize()
        wake = .sdlEvent(type: try SDL.registerUserEvent())
      } catch {
        SDL.quitVideo()
        throw error
      }
      videoDriver = driver
      if driver == "x11" { X11.installLenientErrorHandler() }
    } else {
      try TTF.initialize()
      guard let pipe = WakePipe() else {
        TTF.quit()
        throw SurfaceError("no pipe to wake the window loop (no file descriptor left)")
      }
      wake = .pipe(pipe)
      videoDriver = "none"
    }
    self.clock = clock
    mailbox = SurfaceMailbox(wake: wake)
    WindowLoop.executor.attach(mailbox)
  }

  /// SDL video started with the app's hints; the driver's name.
  nonisolated private static func startVideo() throws -> String {
    let environment = ProcessInfo.processInfo.environment
    if let missing = Self.missingDisplay(environment: environment) { throw missing }
    if let driver = Self.chosenVideoDriver(environment: environment) {
      SDL.setHint("SDL_VIDEODRIVER", driver)
    }
    // A lyric strip needs no GPU. Without these SDL opens a hidden OpenGL context to choose its
    // framebuffer path, mapping Mesa and LLVM: a strip with a CJK font measured 132 MB resident
    // that way, 34 MB without.
    SDL.setHint("SDL_FRAMEBUFFER_ACCELERATION", "0")
    SDL.setHint("SDL_RENDER_DRIVER", "software")
    // The app handles SIGINT/SIGTERM itself; closing the last window is not a quit.
    SDL.setHint("SDL_NO_SIGNAL_HANDLERS", "1")
    SDL.setHint("SDL_QUIT_ON_LAST_WINDOW_CLOSE", "0")
    // A click on an unfocused window is a click, not only a focus change.
    SDL.setHint("SDL_MOUSE_FOCUS_CLICKTHROUGH", "1")
    // Do not stop a desktop compositor for our windows, nor blank-screen inhibit.
    SDL.setHint("SDL_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR", "0")
    SDL.setHint("SDL_VIDEO_ALLOW_SCREENSAVER", "1")
    // WM_CLASS "lyricpip" whatever the binary is called: the desktop entry's StartupWMClass,
    // so launchers and docks match our windows to it.
    SDL.setHint("SDL_VIDEO_X11_WMCLASS", "lyricpip")
    // The same as the app id on Wayland (what a KWin window rule matches there).
    SDL.setHint("SDL_VIDEO_WAYLAND_WMCLASS", "lyricpip")
    do {
      try SDL.initVideo()
    } catch {
      throw NoDisplayError(detail: error.message)
    }
    let driver = SDL.currentVideoDriver() ?? "none"
    if driver == "dummy" || driver == "offscreen" {
      SDL.quitVideo()
      throw NoDisplayError(detail: "SDL video driver '\(driver)' shows nothing")
    }
    return driver
  }

  /// The video driver to ask SDL for: under a Wayland session with XWayland (`WAYLAND_DISPLAY`
  /// and `DISPLAY` both set) the X11 one, because a Wayland client cannot keep a window above
  /// others while GNOME's and KDE's compositors honour that for X11 windows. nil: SDL's own
  /// choice (one display only, or `SDL_VIDEODRIVER` set by the user, which wins).
  nonisolated public static func chosenVideoDriver(environment: [String: String]) -> String? {
    func isSet(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
    guard !isSet("SDL_VIDEODRIVER"), isSet("WAYLAND_DISPLAY"), isSet("DISPLAY") else { return nil }
    return "x11"
  }

  /// Tells before starting SDL that no display can be reached: neither `DISPLAY` nor
  /// `WAYLAND_DISPLAY` is set (and no video driver is forced with `SDL_VIDEODRIVER`).
  nonisolated public static func missingDisplay(environment: [String: String]) -> NoDisplayError? {
    func isSet(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
    if isSet("SDL_VIDEODRIVER") || isSet("DISPLAY") || isSet("WAYLAND_DISPLAY") { return nil }
    return NoDisplayError(detail: "neither DISPLAY nor WAYLAND_DISPLAY is set")
  }

  deinit {
    WindowLoop.executor.detach(mailbox)
    TTF.quit()
    if case .sdlEvent = mailbox.wake { SDL.quitVideo() }
  }

  /// Runs `action` (on the loop thread) with the CLOCK_MONOTONIC seconds at which lyric line
  /// `index` reached the screen: after the frame that shows it was presented by the strip or the
  /// main window, at once if it is already up, or at once when no window shows lyrics. A request
  /// whose line is replaced by another before it is shown is dropped (the last change wins).
  /// For the `line` event: `mailbox.post { $0.whenLinePresented(index) { mono in … } }`.
  public func whenLinePresented(_ index: Int, _ action: @escaping (Double) -> Void) {
    presentation.whenPresented(index, action)
  }

  func register(_ window: any LoopWindow) {
    windows[window.windowID] = WeakWindow(window: window)
  }

  /// Runs `action` on the loop whenever `shortcut` is pressed, whichever program has the focus
  /// (a key grab on the X root window; replaces the one before, nil removes it). Needs a window
  /// of this loop for SDL's X connection. Throws where there is no X11 (Wayland) or the key is
  /// not on the keyboard. Another program holding the same grab is not detected: the server
  /// refuses it and the shortcut does nothing.
  public func setGlobalShortcut(_ shortcut: GlobalShortcut?, action: @escaping () -> Void) throws {
    if let old = self.shortcut {
      X11.ungrabKey(display: old.display, keycode: old.keycode, mask: old.mask)
      self.shortcut = nil
    }
    guard let shortcut else { return }
    guard
      let display = windows.keys.lazy.compactMap({ SDL.x11Handles(windowID: $0) }).first?.display
    else {
      throw SurfaceError("the global shortcut \(shortcut) needs X11 (video driver \(videoDriver))")
    }
    guard let keycode = X11.keycode(display: display, keyName: shortcut.key) else {
      throw SurfaceError(
        "the global shortcut \(shortcut): no key '\(shortcut.key)' on this keyboard")
    }
    let mask = X11.modifierMask(shortcut.modifiers)
    SDL.enableSystemEvents()
    X11.grabKey(display: display, keycode: keycode, mask: mask)
    self.shortcut = (display, keycode, mask, action)
  }

  /// Tells the text-only strips that the compositing manager may have started or ended.
  func compositorMayHaveChanged() {
    forEachLiveWindow { ($0 as? FloatingWindow)?.compositorMayHaveChanged() }
  }

  /// Runs until `mailbox.stop()`. While nothing moves it sleeps with no timeout: only an event,
  /// a post (a command, the player, the session's clock) or a window's next deadline (a line
  /// change, a fill's next pixel, a notice's end) wakes it, so a paused strip costs nothing.
  /// `stop()` wakes it too.
  public func run() {
    while !mailbox.isStopped { runOnce(maximumWaitMs: nil) }
    stopDesktopWatch()
  }

  /// How many times the loop woke from its wait (an event, a post, a deadline): what a strip
  /// that shows nothing new must keep near zero (`LYRICPIP_STRIP_STATS`, the tests).
  public private(set) var wakes = 0

  /// One turn: queued work, events (waiting at most `maximumWaitMs`, nil: as long as it takes;
  /// less when a window's picture changes sooner), then drawing.
  public func runOnce(maximumWaitMs: Int32?) {
    runQueuedWork()
    drawWindows()
    let now = clock.nowNanos
    var waitMs = maximumWaitMs
    forEachLiveWindow { window in
      guard let deadline = window.nextDeadline(nowNanos: now) else { return }
      let ms = Int32(clamping: (max(0, deadline - now) + 999_999) / 1_000_000)
      waitMs = min(waitMs ?? ms, ms)
    }
    waitFor(timeoutMs: waitMs ?? -1)
    wakes += 1
    runQueuedWork()
    drawWindows()
  }

  /// Sleeps until an event or a post, or `timeoutMs` (-1: no timeout).
  private func waitFor(timeoutMs waitMs: Int32) {
    switch mailbox.wake {
    case .sdlEvent:
      if let first = SDL.waitEvent(timeoutMs: waitMs) {
        dispatch(first)
        while let next = SDL.pollEvent() { dispatch(next) }
        forEachLiveWindow { $0.eventsHandled() }
      }
    case .pipe(let pipe):
      // No SDL window, so no SDL event: only posts (the native strip's connection among them)
      // wake it. A post after the drain is in the queue, or wakes the next wait.
      var descriptors = [PollDescriptor(fd: pipe.fd, events: Poll.readable)]
      _ = Poll.wait(&descriptors, timeoutMs: waitMs)
      pipe.drain()
    }
  }

  /// Calls `body` with each window still alive, and forgets those gone. No array or dictionary
  /// is made while none went (the loop turns at every fill frame, and did three times a turn).
  /// `body` may add a window: the loop goes over the dictionary as it was when it began.
  private func forEachLiveWindow(_ body: (any LoopWindow) -> Void) {
    var anyGone = false
    for entry in windows.values {
      if let window = entry.window { body(window) } else { anyGone = true }
    }
    if anyGone { windows = windows.filter { $0.value.window != nil } }
  }

  private func runQueuedWork() {
    for work in mailbox.takeQueued() {
      switch work {
      case .posted(let body): body(self)
      case .job(let job): job.runSynchronously(on: WindowLoop.executor.asUnownedSerialExecutor())
      }
    }
  }

  private func drawWindows() {
    let now = clock.nowNanos
    forEachLiveWindow { $0.drawIfNeeded(nowNanos: now) }
  }

  private func dispatch(_ event: SDL.LoopEvent) {
    switch event {
    case .quit: onQuit?()
    case .input(let windowID, let input): windows[windowID]?.window?.handle(input)
    case .rootKeyPress(let keycode, let state):
      if let shortcut, shortcut.keycode == keycode, X11.stateMatches(state, mask: shortcut.mask) {
        shortcut.action()
      }
    case .other: break
    }
  }
}
