/// The native strip's own connection to the compositor, independent of whichever display SDL
/// uses for the main window: the globals the strip binds (compositor, shared memory, layer
/// shell, seat, outputs), the seat's pointer, and bounded waits on the compositor.
///
/// Not thread-safe: every request and every event (they are dispatched inside `dispatch…`
/// and `roundtrip`) happens on the thread that calls it; only `reader` is for another thread.
public final class WaylandConnection {
  /// How long one wait on the compositor may take before the strip gives up on it.
  public let timeoutMs: Int32
  let socket: String
  let display: OpaquePointer
  private var registry: OpaquePointer?
  private(set) var compositor: OpaquePointer?
  private(set) var shm: OpaquePointer?
  private(set) var layerShell: OpaquePointer?
  private var seat: OpaquePointer?
  private var pointer: OpaquePointer?
  private var keyboard: OpaquePointer?
  private var outputStates: [WaylandOutputState] = []
  private var xdgOutputManager: OpaquePointer?
  /// Fractional scale and the viewport that shows its buffers, where both are offered (KWin,
  /// sway 1.9 and later); nil elsewhere (sway 1.7: integer scales only).
  private(set) var viewporter: OpaquePointer?
  private(set) var fractionalScaleManager: OpaquePointer?
  /// An output came, went or changed since `takeOutputsChange()` was last called.
  private var outputsChanged = false
  private var pointerFocus: UInt32?
  /// The other windows, where the compositor tells of them (wlroots' foreign-toplevel
  /// management); nil where it does not (KWin, GNOME, weston).
  private var toplevels: WaylandToplevels?

  /// What the pointer did since `takePointerEvents()` was last called, oldest first.
  public private(set) var pointerEvents: [WaylandPointerEvent] = []
  /// The surface that has the keyboard, by protocol id; nil when none of ours has it.
  public private(set) var keyboardFocus: UInt32?
  /// Every surface of ours the keyboard ever entered: the strip asks for no keys, so a
  /// compositor that gives it the focus anyway shows up here.
  public private(set) var surfacesGivenKeyboard: [UInt32] = []
  /// The keys pressed on our surface since `takeKeyPresses()` was last called, oldest first.
  private var keyPresses: [WaylandKeyPress] = []
  /// Whether the compositor counts the pointer's coordinates, while a button is held, from
  /// where the surface is now rather than from where it was at the press: KWin does (its seat's
  /// surface transformation follows the window's geometry), known by its `org_kde_plasma_shell`
  /// global (sway offers some `org_kde_kwin_` ones too); sway 1.7 does not (`seatop_down`
  /// counts from the press). A strip that moved the surface during a drag there could not
  /// tell which events count from which place.
  public private(set) var pointerOriginFollowsSurface = false
  /// The queue of the events that pace the strip's frames (frame callbacks, buffer releases),
  /// apart from the default queue's (input, configures, outputs): a watch thread reads them in
  /// (`reader`) without waking the window loop for each, and `dispatchPacing()` (every
  /// present, every dispatch) hands them out. Nil when libwayland could not make it: they
  /// stay on the default queue.
  let pacingQueue: OpaquePointer?
  /// The reads a watch thread makes on this connection (`WaylandReader`).
  public let reader: WaylandReader
  /// The seat keyboard's keymap (keys are not read while it has none, or xkbcommon no context).
  private let keymap = WaylandKeymap()

  /// Connects to the display `environment` names (`WAYLAND_DISPLAY`, `XDG_RUNTIME_DIR`) and
  /// binds the globals; fails when the compositor offers no compositor, shared memory or
  /// layer shell, or does not answer within `timeoutMs` per wait.
  public init(
    environment: [String: String], timeoutMs: Int32 = WaylandRegistry.defaultTimeoutMs
  ) throws(WaylandStripError) {
    self.timeoutMs = timeoutMs
    do {
      socket = try WaylandSocket.path(environment: environment)
      display = try WaylandCalls.connect(socket: socket)
    } catch {
      throw .connection(error)
    }
    pacingQueue = WaylandCalls.createQueue(display)
    reader = WaylandReader(display: display, pacingQueue: pacingQueue)
    registry = WaylandCalls.listenToRegistry(display, self)
    // The first round trip brings the globals (bound as they come); the second, the first
    // events of what was bound: output scales and names, the seat's capabilities.
    try roundtrip()
    try roundtrip()
    for (global, bound) in [
      (WaylandCalls.Bindable.compositor, compositor), (.shm, shm), (.layerShell, layerShell),
    ] where bound == nil {
      throw .missingGlobal(interface: global.name)
    }
  }

  deinit {
    toplevels?.release()
    if let pointer { WaylandCalls.releasePointer(pointer) }
    if let keyboard { WaylandCalls.releaseKeyboard(keyboard) }
    if let seat { WaylandCalls.releaseSeat(seat) }
    for output in outputStates {
      if let xdgOutput = output.xdgOutput { WaylandCalls.destroyXdgOutput(xdgOutput) }
      WaylandCalls.releaseOutput(output.proxy)
    }
    if let xdgOutputManager { WaylandCalls.destroyXdgOutputManager(xdgOutputManager) }
    if let viewporter { WaylandCalls.destroyViewporter(viewporter) }
    if let fractionalScaleManager {
      WaylandCalls.destroyFractionalScaleManager(fractionalScaleManager)
    }
    if let layerShell { WaylandCalls.destroyLayerShell(layerShell) }
    if let shm { WaylandCalls.destroyShm(shm) }
    if let compositor { WaylandCalls.destroyCompositor(compositor) }
    if let registry { WaylandCalls.destroyRegistry(registry) }
    // The display is let go by `reader`, with the last owner of it: a watch thread may still
    // be in a read when the connection goes.
    WaylandCalls.flush(display)
  }

  /// The connection's socket descriptor: readable when the compositor sent events (what a loop
  /// that does not block on it polls, then calls `dispatchAvailable()`).
  public var fileDescriptor: Int32 { WaylandCalls.fileDescriptor(display) }

  /// The outputs (monitors) the compositor has, in the order it announced them.
  public var outputs: [WaylandOutput] { outputStates.map(\.current) }

  /// Waits until the compositor has handled everything sent so far, at most `timeoutMs`.
  public func roundtrip() throws(WaylandStripError) {
    do {
      try WaylandCalls.roundtrip(
        display, socket: socket, timeoutMs: timeoutMs, pacing: pacingQueue)
    } catch {
      throw .connection(error)
    }
  }

  /// Sends what is queued and dispatches events until `done` holds, at most `timeoutMs`.
  public func dispatch(until done: () -> Bool) throws(WaylandStripError) {
    do {
      try WaylandCalls.dispatch(
        display, until: done, socket: socket, timeoutMs: timeoutMs, pacing: pacingQueue)
    } catch {
      throw .connection(error)
    }
  }

  /// Sends what is queued and dispatches the events that have arrived, without waiting.
  public func dispatchAvailable() throws(WaylandStripError) {
    do {
      try WaylandCalls.dispatchAvailable(display, socket: socket, pacing: pacingQueue)
    } catch {
      throw .connection(error)
    }
  }

  /// Hands out the pacing events a watch thread read in (frame callbacks, buffer releases),
  /// without reading; a failed connection shows in the next `dispatchAvailable()`.
  public func dispatchPacing() { _ = WaylandCalls.dispatchPacing(display, pacingQueue) }

  /// Puts `proxy`'s events (a frame callback, a buffer) on the pacing queue.
  func pace(_ proxy: OpaquePointer) {
    if let pacingQueue { WaylandCalls.setQueue(proxy, pacingQueue) }
  }

  /// Whether the compositor tells this connection which window is active and fullscreen
  /// (wlroots' foreign-toplevel management, version 2 or later: sway, Hyprland, labwc).
  public var followsToplevels: Bool { toplevels?.isWatching ?? false }

  /// Whether the window that has the focus is fullscreen now; false where that is not told.
  public var activeWindowIsFullscreen: Bool { toplevels?.activeWindowIsFullscreen ?? false }

  /// `activeWindowIsFullscreen` when it changed since the last call (after a dispatch); nil
  /// when it did not.
  public func takeFullscreenChange() -> Bool? { toplevels?.takeFullscreenChange() }

  /// The pointer's events since the last call, oldest first; the queue is emptied.
  /// The keys pressed on our surfaces since the last call (the strip asks for keys only after
  /// a click on it).
  public func takeKeyPresses() -> [WaylandKeyPress] {
    defer { keyPresses = [] }
    return keyPresses
  }

  public func takePointerEvents() -> [WaylandPointerEvent] {
    defer { pointerEvents = [] }
    return pointerEvents
  }

  /// The scale of the output behind `proxy` (1 when unknown).
  func scale(ofOutput proxy: OpaquePointer) -> Int32 {
    outputStates.first { $0.proxy == proxy }?.current.scale ?? 1
  }

  /// The output named `name` (`wl_output.name`), for a surface made on it; nil when there is
  /// none of that name now.
  func output(named name: String) -> OpaquePointer? {
    outputStates.first { $0.current.name == name }?.proxy
  }

  /// Whether the compositor offers fractional scale with a viewport (KWin, sway ≥ 1.9).
  public var offersFractionalScale: Bool { viewporter != nil && fractionalScaleManager != nil }

  /// Whether an output came, went or changed (its place, size, scale or name) since the last
  /// call: the strip may have to move, or be drawn at another scale.
  public func takeOutputsChange() -> Bool {
    defer { outputsChanged = false }
    return outputsChanged
  }

  // MARK: Events (called from WaylandCalls' listeners while dispatching)

  func globalAdded(name: UInt32, interface: String, version: UInt32) {
    if interface == "org_kde_plasma_shell" { pointerOriginFollowsSurface = true }
    // Version 1 has no `fullscreen` state: of no use to the strip.
    if interface == WaylandCalls.toplevelManagerName, toplevels == nil, let registry,
      version >= WaylandCalls.toplevelFullscreenSince
    {
      toplevels = WaylandCalls.bindToplevelManager(
        registry, name: name, version: min(version, WaylandCalls.toplevelManagerVersion))
      return
    }
    guard let registry, let what = WaylandCalls.Bindable(interface: interface) else { return }
    let version = min(version, what.highestUsed)
    switch what {
    case .compositor where compositor == nil:
      compositor = WaylandCalls.bind(registry, name: name, what, version: version)
    case .shm where shm == nil:
      shm = WaylandCalls.bind(registry, name: name, what, version: version)
    case .layerShell where layerShell == nil:
      layerShell = WaylandCalls.bind(registry, name: name, what, version: version)
    case .seat where seat == nil:
      // The first seat: a desktop has one; the strip answers that one's pointer.
      seat = WaylandCalls.bind(registry, name: name, what, version: version)
      if let seat { WaylandCalls.listenToSeat(seat, self) }
    case .output:
      if let proxy = WaylandCalls.bind(registry, name: name, what, version: version) {
        let state = WaylandOutputState(proxy: proxy, registryName: name)
        state.onChange = { [weak self] in self?.outputsChanged = true }
        WaylandCalls.listenToOutput(proxy, state)
        if let xdgOutputManager {
          state.xdgOutput = WaylandCalls.listenToXdgOutput(
            xdgOutputManager, output: proxy, state)
        }
        outputStates.append(state)
        outputsChanged = true
      }
    case .xdgOutputManager where xdgOutputManager == nil:
      xdgOutputManager = WaylandCalls.bind(registry, name: name, what, version: version)
      // The outputs announced before the manager get theirs now.
      if let xdgOutputManager {
        for state in outputStates where state.xdgOutput == nil {
          state.xdgOutput = WaylandCalls.listenToXdgOutput(
            xdgOutputManager, output: state.proxy, state)
        }
      }
    case .viewporter where viewporter == nil:
      viewporter = WaylandCalls.bind(registry, name: name, what, version: version)
    case .fractionalScaleManager where fractionalScaleManager == nil:
      fractionalScaleManager = WaylandCalls.bind(registry, name: name, what, version: version)
    default:
      break
    }
  }

  func globalRemoved(name: UInt32) {
    guard let index = outputStates.firstIndex(where: { $0.registryName == name }) else { return }
    if let xdgOutput = outputStates[index].xdgOutput { WaylandCalls.destroyXdgOutput(xdgOutput) }
    WaylandCalls.releaseOutput(outputStates[index].proxy)
    outputStates.remove(at: index)
    outputsChanged = true
  }

  /// Gets the pointer and keyboard when the seat has them and lets them go when it loses them:
  /// asking for a device the seat does not have is a protocol error.
  func seatCapabilities(_ capabilities: UInt32) {
    guard let seat else { return }
    let hasPointer = capabilities & WaylandCalls.pointerCapability != 0
    if hasPointer, pointer == nil {
      pointer = WaylandCalls.getPointer(seat, self)
    } else if !hasPointer, let pointer {
      WaylandCalls.releasePointer(pointer)
      self.pointer = nil
    }
    let hasKeyboard = capabilities & WaylandCalls.keyboardCapability != 0
    if hasKeyboard, keyboard == nil {
      keyboard = WaylandCalls.getKeyboard(seat, self)
    } else if !hasKeyboard, let keyboard {
      WaylandCalls.releaseKeyboard(keyboard)
      self.keyboard = nil
    }
  }

  func pointerEntered(surface: UInt32, x: Double, y: Double) {
    pointerFocus = surface
    pointerEvents.append(.enter(surface: surface, x: x, y: y))
  }

  func pointerLeft(surface: UInt32?) {
    // A surface destroyed meanwhile is named as nil: it was the one with the focus.
    guard let left = surface ?? pointerFocus else { return }
    pointerEvents.append(.leave(surface: left))
    pointerFocus = nil
  }

  func pointerMoved(x: Double, y: Double) {
    guard let pointerFocus else { return }
    pointerEvents.append(.motion(surface: pointerFocus, x: x, y: y))
  }

  func pointerButton(_ button: UInt32, pressed: Bool) {
    guard let pointerFocus else { return }
    pointerEvents.append(.button(surface: pointerFocus, button: button, pressed: pressed))
  }

  func keyboardEntered(surface: UInt32) {
    // The keys are coming: the modifiers follow the enter at once.
    keymap.compile()
    keyboardFocus = surface
    surfacesGivenKeyboard.append(surface)
  }

  func keyboardLeft() { keyboardFocus = nil }

  /// Whether the seat keyboard's keymap came, and whether it was compiled (only once the
  /// keyboard came to one of our surfaces), for a test.
  public var hasKeymap: Bool { keymap.hasArrived }
  public var keymapCompiled: Bool { keymap.isCompiled }

  func keymapArrived(fd: Int32, size: Int) {
    keymap.load(fd: fd, size: size)
  }

  func keyPressed(_ key: UInt32) {
    guard keyboardFocus != nil, let press = keymap.press(key: key) else { return }
    keyPresses.append(press)
  }

  func modifiersChanged(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
    keymap.updateModifiers(depressed: depressed, latched: latched, locked: locked, group: group)
  }
}
