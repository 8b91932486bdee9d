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
    guard isShown, let host else { return }
    if held {
      takeOffScreen(host)
    } else {
      do { try putOnScreen(host) } catch { warn("the lyric strip: \(error.reason)") }
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
    let resources = host?.desktopResources
    let scale = DisplayScale.choose(setting: setting, resources: resources)
    geometry.scale = scale
    guard let host else { return scale }
    let smallest = geometry.smallestWidth
    host.setMinimumSize(
      width: Int32(smallest), height: Int32(geometry.height(forWidth: smallest)))
    if !desktop.placed {
      resize(host, to: geometry.defaultFrame(on: monitorOfMainWindow(host)))
    }
    return scale
  }

  /// The canvas strip's scale (pixels a window coordinate); nil on an SDL window.
  public var canvasScale: CanvasScale? { (host as? CanvasStripHost)?.scale }

  /// Draws the canvas strip at `scale` from now on: the output it is on changed its scale, or
  /// it went to an output of another. The whole strip is laid out and drawn again at the new
  /// pixel size; nothing on an SDL window.
  public func setCanvasScale(_ scale: CanvasScale) {
    guard let canvas = host as? CanvasStripHost, canvas.setScale(scale) else { return }
    relayout()
  }

  /// The canvas strip's sink made its surface anew: the last frame is handed to it whole.
  public func presentWholeAgain() {
    guard isOnScreen else { return }
    (host as? CanvasStripHost)?.presentAgain()
  }

  /// The canvas strip's sink could not take the last frames when they came (its surface was
  /// not ready): the canvas, which holds the newest frame, is handed to it again with
  /// `damage`, what those frames changed. Nothing is drawn.
  public func presentAgain(damage: StripCanvasRect) {
    guard isOnScreen else { return }
    (host as? CanvasStripHost)?.presentAgain(damage: damage)
  }

  /// The monitors of the desktop now (one for the whole display where there is no X11).
  public var monitors: [ScreenMonitor] {
    host?.monitors ?? []
  }

  /// Whether the active window is fullscreen now, asked through SDL's own connection (before the
  /// desktop watch has said anything, so a strip started over a fullscreen window never maps);
  /// false off X11.
  public var activeWindowIsFullscreen: Bool { host?.activeWindowIsFullscreen ?? false }

  /// The monitor the strip is on (for the saved state); nil before `prepare()`.
  public var monitor: ScreenMonitor? {
    guard let host else { return nil }
    return StripPlacement.monitor(of: host.geometry, among: host.monitors)
  }

  /// Puts the prepared strip at a saved place, with a saved width (the height follows the
  /// placeholder's aspect): on its monitor when that is there, else at the bottom centre of the
  /// main window's monitor. Call after `prepare()`, before the first show.
  public func place(at saved: WindowGeometry, on savedMonitor: ScreenMonitor?) {
    guard let host else { return }
    let frame = StripPlacement.restored(
      saved, on: savedMonitor, among: host.monitors,
      fallback: monitorOfMainWindow(host), geometry: geometry)
    resize(host, to: frame)
    desktop.placed = true
  }

  /// The monitors changed (one added or removed): a strip that is no longer on any goes to the
  /// bottom centre of the main window's monitor (or the first there is), keeping its width.
  public func monitorsChanged(_ monitors: [ScreenMonitor]) {
    guard let host, !monitors.isEmpty else { return }
    let frame = host.geometry
    guard !StripPlacement.isOnAMonitor(frame, among: monitors) else { return }
    let target =
      StripPlacement.monitor(of: desktop.mainWindowFrame?(), among: monitors) ?? monitors[0]
    resize(host, to: geometry.moved(width: frame.width, onto: target))
    desktop.placed = true
  }

  // MARK: - Mapping

  /// Shows the strip (kept above, out of the taskbar and on every desktop) at its place (chosen
  /// now on the main window's monitor the first time, when no saved place was given), and puts
  /// its whole first frame up. The frame is drawn while the host maps the strip and presented
  /// once it is mapped (a frame presented before is lost). Throws when the host could not show
  /// the strip.
  func putOnScreen(_ host: any StripHost) throws(SurfaceError) {
    placeIfNeeded(host)
    lastFrame = nil
    var firstFrame: StripFrame?
    try host.show {
      firstFrame = renderFrame(nowNanos: loop.clock.nowNanos)
    }
    if let firstFrame { present(firstFrame, on: host) }
  }

  /// The first time the strip shows with no saved place: the bottom centre of the main window's
  /// monitor.
  func placeIfNeeded(_ host: any StripHost) {
    guard !desktop.placed else { return }
    resize(host, to: geometry.defaultFrame(on: monitorOfMainWindow(host)))
    desktop.placed = true
  }

  /// Unmaps the strip; the line on it counts as no longer presented.
  func takeOffScreen(_ host: any StripHost) {
    host.hide()
    lastPresentedLine = nil
    loop.presentation.windowHidden(windowID)
    hovering = false
    hoverChanged()
  }

  /// Fades or unfades the strip as the pointer, the lock and the setting now say.
  func hoverChanged() {
    let fade = desktop.fadesOnHover && hovering && !isLocked
    guard fade != desktop.faded, let host else { return }
    desktop.faded = fade
    if fade, host.compositorRuns == false {
      warn("fade-on-hover: no compositing manager runs, so the strip cannot fade")
    }
    let base = settings.opacity < 1 ? Float(max(0.1, settings.opacity)) : 1
    do {
      try host.setOpacity(fade ? base / 4 : base)
    } catch {
      warn("fade-on-hover: the strip's opacity cannot be set here: \(error.message)")
    }
  }

  // MARK: - Helpers

  private func monitorOfMainWindow(_ host: any StripHost) -> ScreenMonitor {
    let monitors = host.monitors
    return StripPlacement.monitor(of: desktop.mainWindowFrame?(), among: monitors)
      ?? ScreenMonitor(name: "screen", x: 0, y: 0, width: 1920, height: 1080)
  }

  /// Moves and sizes the strip; placed again once mapped (openbox keeps its own idea of where a
  /// window is until it manages it).
  private func resize(_ host: any StripHost, to frame: WindowGeometry) {
    let old = host.size
    host.setFrame(frame)
    lastSize = host.size
    if old != lastSize { relayout() }
  }
}
