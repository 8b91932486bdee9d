import Session
import Surface
import SystemSupport
import WaylandStrip

/// The canvas strip's sink on a layer-shell compositor: each frame the strip presents is copied
/// into the `LayerSurface`'s shared-memory buffer. Shown is a layer surface that exists; hidden,
/// none (destroying the role unmaps it, and the next show makes a new one, as after the
/// compositor closed it). A frame the surface cannot commit yet (the last one's frame callback
/// not come, both buffers held) is presented once the surface is ready (`presentKept()`, after
/// a dispatch): the sink keeps only its damage and asks the strip to hand its frame again
/// (`presentAgain`), read from the strip's canvas, which holds the newest frame. A copy of the
/// newest frame here cost a whole frame of memory and a copy of every frame's damage.
///
/// The monitors are the compositor's outputs (xdg-output's logical place and size, else
/// `wl_output`'s position and current mode over its scale), named as the compositor names them.
/// A place asked for (`requestMove`, in the desktop's coordinates) becomes margins from the
/// bottom-left corner of the output that holds its centre, and the surface is made on that
/// output (by name): layer shell places a surface on one output, by anchors and margins, never
/// by desktop coordinates. A place on another output makes the surface anew there, and so does
/// the compositor's `closed` while shown (its output went away): the sink then says so
/// (`takeRemade`), and the strip hands it its whole frame again.
@WindowLoop public final class LayerShellStripSink: StripCanvasSink {
  public let connection: WaylandConnection
  public let layer: LayerShellLayer
  /// Logical points between the strip and the output's bottom edge.
  public let marginBottom: Int
  /// The surface while shown.
  public private(set) var surface: LayerSurface?
  private var size: (width: Int, height: Int) = (1, 1)
  private var inputRegion: StripCanvasRect?
  /// The place last asked for, in the desktop's coordinates; nil: bottom-centred.
  private var place: (x: Int, y: Int)?
  /// The place the surface was last given (the pointer's coordinates count from it).
  private var applied: (x: Int, y: Int)?
  /// The left button is held on the strip: the surface follows the place and size asked for
  /// frame by frame (`followDrag`), the pointer's coordinates still counting from `applied`
  /// (see `translated`), and the place is settled at the release (`handled`).
  private var dragging = false
  /// During a drag: a place or size was asked for that the surface has not been given yet.
  private var followDue = false
  /// Whether the surface follows a drag before the release: not where the compositor counts
  /// the pointer's coordinates from the moved surface (KWin), as no event would say which
  /// place it counts from; there the surface moves at the release.
  private var followsLive: Bool { !connection.pointerOriginFollowsSurface }
  /// The damage of the frames that could not be committed (nil: none waits); their pixels
  /// are the strip's canvas's.
  private var kept: BufferRect?
  /// Hands the strip's newest frame to `present` again, with the damage given (the kept
  /// damage: a present that commits copies it all). The strip's canvas holds that frame until
  /// the strip draws again, and each drawing is presented with its own damage, so no copy is
  /// kept here. Set by the strip's owner; nil: a kept frame waits for the next present.
  public var presentAgain: ((StripCanvasRect) -> Void)?
  private let pointer: PointerClicks
  /// Why the last frame was not shown, for a test or a log; nil after a commit.
  public private(set) var lastDeferral: LayerSurface.DeferReason?
  /// The strip wants to be on screen (between `requestShow` and `requestHide`), whether or not
  /// a surface could be had this moment.
  private var wantsShown = false
  /// A surface was made anew while shown, and has had no frame yet.
  private var remade = false
  private var remaking = false
  /// The scale the strip's canvas draws at now: a new surface assumes it until the compositor
  /// says which output it entered (or its fractional scale), so its first frame fits.
  public var drawnScale120 = 120
  /// Told when a frame did not fit the surface (the compositor said another scale for it while
  /// the strip drew at the old one): the owner draws the strip again at the surface's scale.
  /// Never called back inside `present`'s caller: the owner posts the work to the loop.
  public var onScaleMismatch: (() -> Void)?
  /// How many surfaces were made anew while shown (closed by the compositor, or moved to
  /// another output), for a test or a log.
  public private(set) var surfacesRemade = 0

  public init(
    connection: WaylandConnection, layer: LayerShellLayer = .top, marginBottom: Int = 48,
    nowNanos: @escaping @Sendable () -> Int64 = SystemClock.monotonicNanos
  ) {
    self.connection = connection
    self.layer = layer
    self.marginBottom = marginBottom
    pointer = PointerClicks(nowNanos: nowNanos)
  }

  public var monitors: [ScreenMonitor] {
    connection.outputs.enumerated().compactMap { index, output in
      guard output.width > 0, output.height > 0 else { return nil }
      return ScreenMonitor(
        name: output.name ?? "output-\(index)", x: output.x, y: output.y, width: output.width,
        height: output.height)
    }
  }

  public func requestShow() throws(SurfaceError) {
    wantsShown = true
    if let surface, surface.state != .closed { return }
    do {
      let made = try LayerSurface(
        connection: connection, layer: layer, width: size.width, height: size.height,
        marginBottom: marginBottom, outputName: placeMonitor.flatMap(outputName(of:)))
      // The canvas is drawn at this scale, so the first frame fits; the compositor tells the
      // output's own once the surface is shown, and the strip is drawn again at it.
      made.assumedScale = max(1, drawnScale120 / 120)
      made.assumedScale120 = drawnScale120
      if let inputRegion { made.setInputRegion(Self.bufferRect(inputRegion)) }
      surface = made
      applyPlace()
    } catch {
      surface = nil
      throw SurfaceError("the layer-shell strip could not be shown: \(error)")
    }
  }

  public func requestHide() {
    wantsShown = false
    surface = nil
    kept = nil
    dragging = false
    followDue = false
  }

  /// The scale the surface wants its frames at (the output's, or the compositor's fractional
  /// one, in 120ths); nil while hidden.
  public var wantedScale120: Int? { surface.map(\.scale120) }

  /// Whether a surface was made anew while shown since the last call: the strip hands it its
  /// whole frame (nothing new may be drawn for a while).
  public func takeRemade() -> Bool {
    defer { remade = false }
    return remade
  }

  /// The compositor's outputs changed (one came, went, or changed its place or scale): a shown
  /// strip whose surface it closed (its output went) is made anew, on the output that holds
  /// the strip's place now, else the first.
  public func outputsChanged() {
    // A surface that could not be had is tried again only now: an output may have come.
    if wantsShown, surface == nil || surface?.state == .closed {
      remake()
    } else if !dragging {
      applyPlace()
    }
  }

  /// A shown strip whose surface the compositor closed (its output went away) gets a new one;
  /// the strip then presents its whole frame to it.
  public func reviveIfClosed() {
    guard wantsShown, surface?.state == .closed else { return }
    remake()
  }

  private func remake() {
    // Made on the place's output, the new surface is placed at once: never a second time.
    guard !remaking else { return }
    remaking = true
    defer { remaking = false }
    surface = nil
    kept = nil
    // A drag on the old surface ends with it: its release comes to no surface of ours.
    dragging = false
    followDue = false
    do {
      try requestShow()
      remade = true
      surfacesRemade += 1
    } catch {
      lastDeferral = .closed
    }
  }

  public func requestMove(x: Int, y: Int) {
    place = (x, y)
    if dragging && followsLive {
      followDue = true
      followDrag()
    } else {
      applyPlace()
    }
  }

  /// During a drag or a resize by hand, the surface is given the newest place and size asked
  /// for, in one commit a frame at most: the pointer's motions between two frame callbacks
  /// come to one step, taken when the next callback has come (the loop calls this after each
  /// dispatch), and nothing waits on the compositor. The margins count from the output the
  /// surface is on (the place may leave it; it goes to another output only at the release,
  /// as a move there makes the surface anew, which would end the drag). A frame waiting to be
  /// shown carries the step in its commit, so the strip's drawing goes on meanwhile.
  public func followDrag() {
    guard dragging, followsLive, followDue, let place, let surface else { return }
    let monitors = self.monitors
    guard
      let monitor = monitors.first(where: { $0.name == surface.outputName }) ?? placeMonitor
    else { return }
    // A callback the watch thread read in without waking the loop counts.
    connection.dispatchPacing()
    let staged = surface.stage(
      left: place.x - monitor.x, bottom: monitor.y + monitor.height - (place.y + size.height),
      width: size.width, height: size.height)
    guard staged else {
      // The last commit's frame callback is to wake the loop (it does not for every frame).
      if surface.waitingForFrame { waitForPacing(surface) }
      return
    }
    followDue = false
    presentKept()
    surface.commitStaged()
  }

  /// `input` in the coordinates the strip expects: from the place it asked for. While the
  /// button is held the pointer's coordinates count from where the surface was at the press
  /// (`applied`), however the surface follows the drag: sway (1.7, `seatop_down`) reports
  /// motion during the implicit grab from the surface's place at the press, and only so
  /// can no event in flight count from a place the compositor may or may not have applied
  /// yet (the strip's drag, which adds them to its place, would run away).
  public func translated(_ input: StripPointerInput) -> StripPointerInput {
    let shift =
      if let place, let applied { (x: applied.x - place.x, y: applied.y - place.y) } else {
        (x: 0, y: 0)
      }
    switch input {
    case .entered(let x, let y): return .entered(x: x + shift.x, y: y + shift.y)
    case .moved(let x, let y): return .moved(x: x + shift.x, y: y + shift.y)
    case .leftPressed(let x, let y, let clicks):
      dragging = true
      // A click on the unlocked strip gives it the keys (L, Esc, the offset…): never before,
      // so that its appearing takes no focus from the user's window.
      if inputRegion == nil { surface?.setKeyboardInteractive(true) }
      return .leftPressed(x: x + shift.x, y: y + shift.y, clicks: clicks)
    case .left:
      keysDone()
      return input
    case .leftReleased: return input
    }
  }

  /// The strip gives the keys back (the pointer left it, it was locked, Esc).
  public func keysDone() { surface?.setKeyboardInteractive(false) }

  /// The keys pressed on the strip since the last call.
  public func takeKeyInput() -> [StripKeyInput] {
    connection.takeKeyPresses().map { press in
      let symbol: StripKeyInput.Symbol =
        switch press.symbol {
        case .escape: .escape
        case .enter: .enter
        case .left: .left
        case .right: .right
        case .up: .up
        case .down: .down
        case .keypadPlus: .keypadPlus
        case .keypadMinus: .keypadMinus
        case .character(let character): .character(character)
        case .other: .other
        }
      return StripKeyInput(
        symbol: symbol, control: press.control, shift: press.shift, alt: press.alt)
    }
  }

  /// After the strip handled `input`: a release puts the surface where the drag left it, at
  /// the size a resize by hand left it (on the output that holds the place's centre), and the
  /// pointer's coordinates count from there again.
  public func handled(_ input: StripPointerInput) {
    guard input == .leftReleased, dragging else { return }
    dragging = false
    followDue = false
    applySize()
    applyPlace()
  }

  /// The place as margins from the bottom-left of the monitor that holds the place's centre
  /// (the first one when none does, as the compositor puts a new surface on one). A surface on
  /// another output than that one (or closed) is made anew on it.
  private func applyPlace() {
    guard let place, let surface, let monitor = placeMonitor else { return }
    if surface.state == .closed
      || (outputName(of: monitor).map { $0 != surface.outputName } ?? false)
    {
      remake()
      return
    }
    applied = place
    surface.place(
      left: place.x - monitor.x, bottom: monitor.y + monitor.height - (place.y + size.height))
  }

  /// The monitor that holds the centre of the place asked for, else the first; nil without a
  /// place or monitors.
  private var placeMonitor: ScreenMonitor? {
    guard let place else { return nil }
    let monitors = self.monitors
    let centre = (x: place.x + size.width / 2, y: place.y + size.height / 2)
    return monitors.first(where: {
      (($0.x)..<($0.x + $0.width)).contains(centre.x)
        && (($0.y)..<($0.y + $0.height)).contains(centre.y)
    }) ?? monitors.first
  }

  /// The compositor's name of the output behind `monitor`; nil for one it gave no name
  /// (`wl_output` before version 4: the compositor then chooses the output).
  private func outputName(of monitor: ScreenMonitor) -> String? {
    connection.outputs.contains { $0.name == monitor.name } ? monitor.name : nil
  }

  /// A shown surface asks the compositor for the new size (`set_size`; its configure resizes
  /// the buffers, and the strip's frames of the new size wait for it). While the button is
  /// held (a resize by hand) the size goes with the place, a frame at most (`followDrag`).
  public func requestSize(width: Int, height: Int) {
    let size = (width: max(1, width), height: max(1, height))
    guard size != self.size else { return }
    self.size = size
    if dragging && followsLive {
      followDue = true
      followDrag()
    } else {
      applySize()
    }
  }

  /// The size asked for, on the surface: in place when it is shown (the role kept), else the
  /// surface is made again at it (one not yet shown has had no frame to keep).
  private func applySize() {
    guard let surface, surface.state != .closed else { return }
    guard surface.logicalWidth != size.width || surface.logicalHeight != size.height else {
      return
    }
    if surface.state == .mapped {
      surface.resize(width: size.width, height: size.height)
      return
    }
    self.surface = nil
    kept = nil
    try? requestShow()
  }

  public func setInputRegion(_ region: StripCanvasRect?) {
    inputRegion = region
    // Locked: the strip takes no keys (the input region is set only while locked).
    if region != nil { keysDone() }
    surface?.setInputRegion(region.map(Self.bufferRect))
  }

  /// Opaque when the strip draws a box with an opaque background: the compositor need not
  /// draw what is under it.
  public func setOpaque(_ opaque: Bool) { surface?.setOpaque(opaque) }

  public func present(_ frame: StripCanvasFrame) {
    guard let surface else { return }
    let damage = BufferRect(
      x: frame.damage.x, y: frame.damage.y, width: frame.damage.width,
      height: frame.damage.height)
    // A whole frame (shown, resized, the opacity changed) tells whether the strip is opaque:
    // a box with an opaque background, not the text-only strip or a translucent one. The
    // compositor then need not draw what is under it.
    if damage == BufferRect.whole(width: frame.width, height: frame.height) {
      surface.setOpaque(Self.isOpaque(frame))
    }
    let outcome: LayerSurface.PresentOutcome
    do {
      outcome = try surface.present(
        pixels: frame.pixels, width: frame.width, height: frame.height, stride: frame.stride,
        damage: damage)
    } catch {
      lastDeferral = .closed
      return
    }
    switch outcome {
    case .committed:
      kept = nil
      lastDeferral = nil
      connection.reader.wantPacingEvents(false)
    case .deferred(let reason):
      lastDeferral = reason
      kept = kept.map { $0.union(damage) } ?? damage
      // Nothing from the compositor may come to wake the strip (KWin says the fractional
      // scale while the surface is made, before any frame), so it is told now.
      if reason == .sizeChanged { onScaleMismatch?() }
      if reason == .waitingForFrame || reason == .noReleasedBuffer { waitForPacing(surface) }
    }
  }

  /// The frame waits for its frame callback or a released buffer: the watch thread is to wake
  /// the loop when one comes (it does not for every frame's). One may have been read in just
  /// before that was said: then the kept frame is presented at once, from the loop.
  private func waitForPacing(_ surface: LayerSurface) {
    connection.reader.wantPacingEvents(true)
    connection.dispatchPacing()
    if surface.readyToPresent { onKeptFrameReady?() }
  }

  /// Told when a kept frame or a drag's step can be presented now, though no event will come
  /// to say so; the owner posts `followDrag()` and `presentKept()` to the loop (never called
  /// inside `present`'s or `followDrag`'s caller).
  public var onKeptFrameReady: (() -> Void)?

  /// Presents the kept frame when the surface can take it now (its frame callback came, a
  /// buffer was released); called after each dispatch. The strip hands the frame again
  /// (`presentAgain`), and `present` commits it with the damage kept.
  public func presentKept() {
    connection.dispatchPacing()
    guard let kept, let surface, surface.readyToPresent, let presentAgain else { return }
    presentAgain(
      StripCanvasRect(x: kept.x, y: kept.y, width: kept.width, height: kept.height))
  }

  /// Whether a frame waits to be presented.
  public var hasKeptFrame: Bool { kept != nil }

  /// The strip's pointer input since the last call: the events on this surface, in window
  /// coordinates, presses counted into double-clicks.
  public func takePointerInput() -> [StripPointerInput] {
    let events = connection.takePointerEvents()
    guard let surfaceID = surface?.surfaceID else { return [] }
    return events.filter { $0.surface == surfaceID }.compactMap(pointer.input)
  }

  /// Whether every pixel of `frame` has a full alpha.
  nonisolated static func isOpaque(_ frame: StripCanvasFrame) -> Bool {
    for row in 0..<frame.height {
      let pixels = (frame.pixels + row * frame.stride).assumingMemoryBound(to: UInt32.self)
      for column in 0..<frame.width where pixels[column] >> 24 != 0xFF { return false }
    }
    return true
  }

  private static func bufferRect(_ rect: StripCanvasRect) -> BufferRect {
    BufferRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
  }
}
