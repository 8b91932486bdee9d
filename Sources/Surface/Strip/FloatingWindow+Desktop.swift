import Session

/// What the strip keeps about the desktop around it: whether the show/hide rules hold it back,
/// whether it fades under the pointer, and whether its place was chosen yet.
struct StripOnDesktop {
  /// Picture-in-picture wants the strip up, but a rule (a pause, a fullscreen window) keeps it
  /// off screen.
  var heldBack = false
  var fadesOnHover = false
  var faded = false
  /// A place was chosen (the saved one, or the main window's monitor at the first showing).
  var placed = false
  /// The main window's frame, for the monitor a strip with no saved place opens on.
  var mainWindowFrame: (() -> WindowGeometry?)?
}

// The strip on the desktop: held back by the show/hide rules without ending picture-in-picture,
// fading under the pointer, on the main window's monitor, moved off a monitor that went, and
// sized by the desktop's scale. On the loop thread, as the window is.
extension FloatingWindow {
  /// Whether the strip is on screen: shown by picture-in-picture and not held back.
  public var isOnScreen: Bool { isShown && !desktop.heldBack }

  /// Holds the strip off screen (true) or lets it back (false) while picture-in-picture goes on:
  /// the window is unmapped and mapped again, and `isShown` does not change.
  public func setHeldBack(_ held: Bool) {
    guard held != desktop.heldBack else { return }
    desktop.heldBack = held
    guard isShown, let window else { return }
    if held {
      takeOffScreen(window)
    } else {
      do { try putOnScreen(window) } catch { warn("the lyric strip: \(error.reason)") }
    }
  }

  /// `fade-on-hover`: while the pointer is over an unlocked strip, the strip fades to a quarter
  /// of its opacity (through the window's `_NET_WM_WINDOW_OPACITY`, which only a compositing
  /// manager shows; without one the strip stays as it is, with a warning).
  public var fadesOnHover: Bool {
    get { desktop.fadesOnHover }
    set {
      desktop.fadesOnHover = newValue
      hoverChanged()
    }
  }

  /// Where the main window is, asked when the strip first shows with no saved place.
  public var mainWindowFrame: (() -> WindowGeometry?)? {
    get { desktop.mainWindowFrame }
    set { desktop.mainWindowFrame = newValue }
  }

  /// Sizes the strip for the desktop's scale: `setting` when given, else `Xft.dpi` from the X
  /// resources over 96. Call after `prepare()`, before placing; returns the scale used.
  @discardableResult
  public func useScale(setting: Double?) -> Double {
    let resources = window.flatMap { SDL.x11Handles($0.window) }.flatMap {
      X11Desktop.resources(display: $0.display)
    }
    let scale = DisplayScale.choose(setting: setting, resources: resources)
    geometry.scale = scale
    guard let window else { return scale }
    let smallest = geometry.smallestWidth
    SDL.setMinimumSize(
      window.window, width: Int32(smallest), height: Int32(geometry.height(forWidth: smallest)))
    if !desktop.placed {
      resize(window, to: geometry.defaultFrame(on: monitorOfMainWindow(window)))
    }
    return scale
  }

  /// The monitors of the desktop now (one for the whole display where there is no X11).
  public var monitors: [ScreenMonitor] {
    guard let window else { return [] }
    return currentMonitors(window)
  }

  /// Whether the active window is fullscreen now, asked through SDL's own connection (before the
  /// desktop watch has said anything, so a strip started over a fullscreen window never maps);
  /// false off X11.
  public var activeWindowIsFullscreen: Bool {
    guard let x11 = window.flatMap({ SDL.x11Handles($0.window) }) else { return false }
    let active = X11Desktop.activeWindow(display: x11.display)
    return X11Desktop.isFullscreen(display: x11.display, window: active)
  }

  /// The monitor the strip is on (for the saved state); nil before `prepare()`.
  public var monitor: ScreenMonitor? {
    guard let window else { return nil }
    return StripPlacement.monitor(of: window.geometry, among: currentMonitors(window))
  }

  /// Puts the prepared strip at a saved place, with a saved width (the height follows the
  /// placeholder's aspect): on its monitor when that is there, else at the bottom centre of the
  /// main window's monitor. Call after `prepare()`, before the first show.
  public func place(at saved: WindowGeometry, on savedMonitor: ScreenMonitor?) {
    guard let window else { return }
    let frame = StripPlacement.restored(
      saved, on: savedMonitor, among: currentMonitors(window),
      fallback: monitorOfMainWindow(window), geometry: geometry)
    resize(window, to: frame)
    desktop.placed = true
  }

  /// The monitors changed (one added or removed): a strip that is no longer on any goes to the
  /// bottom centre of the main window's monitor (or the first there is), keeping its width.
  public func monitorsChanged(_ monitors: [ScreenMonitor]) {
    guard let window, !monitors.isEmpty else { return }
    let frame = window.geometry
    guard !StripPlacement.isOnAMonitor(frame, among: monitors) else { return }
    let target =
      StripPlacement.monitor(of: desktop.mainWindowFrame?(), among: monitors) ?? monitors[0]
    resize(window, to: geometry.moved(width: frame.width, onto: target))
    desktop.placed = true
  }

  // MARK: - Mapping

  /// Maps the strip, kept above, out of the taskbar and on every desktop, at its place (chosen
  /// now on the main window's monitor the first time, when no saved place was given), and puts
  /// its whole first frame up. The window manager takes milliseconds to map the strip: the frame
  /// is drawn in that time and presented once the strip is mapped (a frame presented before is
  /// lost). Throws when the window manager keeps it unmapped; the request is then taken back.
  func putOnScreen(_ window: SDLWindow) throws(SurfaceError) {
    placeIfNeeded(window)
    lastFrame = nil
    // Hiding loses _NET_WM_STATE (above, skip taskbar) under openbox, and SDL does not send it
    // again on map: SDL believes the flags are still set, so setting them alone does nothing.
    // While unmapped, toggling always-on-top makes SDL rewrite the whole state property (above,
    // skip taskbar, skip pager) for the window manager to read at map time; after the map the
    // toggle asks the window manager again with client messages.
    SDL.setAlwaysOnTop(window.window, false)
    SDL.setAlwaysOnTop(window.window, true)
    if let x11 = SDL.x11Handles(window.window) {
      X11.setOnAllDesktops(display: x11.display, window: x11.window)
    }
    var firstFrame: StripFrame?
    let mapped = window.showWithinBound {
      firstFrame = renderFrame(nowNanos: loop.clock.nowNanos)
    }
    guard mapped else {
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
    if let x11 = SDL.x11Handles(window.window) {
      X11.addWindowStates(
        display: x11.display, window: x11.window,
        ["_NET_WM_STATE_SKIP_TASKBAR", "_NET_WM_STATE_SKIP_PAGER"])
    }
    if let firstFrame { present(firstFrame, on: window) }
  }

  /// The first time the strip shows with no saved place: the bottom centre of the main window's
  /// monitor.
  func placeIfNeeded(_ window: SDLWindow) {
    guard !desktop.placed else { return }
    resize(window, to: geometry.defaultFrame(on: monitorOfMainWindow(window)))
    desktop.placed = true
  }

  /// Unmaps the strip; the line on it counts as no longer presented.
  func takeOffScreen(_ window: SDLWindow) {
    SDL.hide(window.window)
    lastPresentedLine = nil
    loop.presentation.windowHidden(windowID)
    hovering = false
    hoverChanged()
  }

  /// Fades or unfades the strip as the pointer, the lock and the setting now say.
  func hoverChanged() {
    let fade = desktop.fadesOnHover && hovering && !isLocked
    guard fade != desktop.faded, let window else { return }
    desktop.faded = fade
    if fade, let x11 = SDL.x11Handles(window.window),
      !X11.hasCompositor(display: x11.display)
    {
      warn("fade-on-hover: no compositing manager runs, so the strip cannot fade")
    }
    let base = settings.opacity < 1 ? Float(max(0.1, settings.opacity)) : 1
    do {
      try SDL.setOpacity(window.window, fade ? base / 4 : base)
    } catch {
      warn("fade-on-hover: the strip's opacity cannot be set here: \(error.message)")
    }
  }

  // MARK: - Helpers

  private func currentMonitors(_ window: SDLWindow) -> [ScreenMonitor] {
    if let x11 = SDL.x11Handles(window.window) { return X11Desktop.monitors(display: x11.display) }
    guard let bounds = try? SDL.displayBounds(SDL.displayIndex(window.window)) else { return [] }
    return [
      ScreenMonitor(
        name: "display", x: Int(bounds.x), y: Int(bounds.y), width: Int(bounds.w),
        height: Int(bounds.h))
    ]
  }

  private func monitorOfMainWindow(_ window: SDLWindow) -> ScreenMonitor {
    let monitors = currentMonitors(window)
    return StripPlacement.monitor(of: desktop.mainWindowFrame?(), among: monitors)
      ?? ScreenMonitor(name: "screen", x: 0, y: 0, width: 1920, height: 1080)
  }

  /// Moves and sizes the strip; placed again once mapped (openbox keeps its own idea of where a
  /// window is until it manages it).
  private func resize(_ window: SDLWindow, to frame: WindowGeometry) {
    let old = window.size
    SDL.setSize(window.window, width: Int32(frame.width), height: Int32(frame.height))
    SDL.setPosition(window.window, x: Int32(frame.x), y: Int32(frame.y))
    pendingPosition = (Int32(frame.x), Int32(frame.y))
    lastSize = window.size
    if old != lastSize { relayout() }
  }
}
