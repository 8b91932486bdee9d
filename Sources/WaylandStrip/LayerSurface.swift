/// The strip's surface on a layer-shell compositor: a `wl_surface` with the
/// `zwlr_layer_surface_v1` role (namespace `lyricpip`), anchored to the bottom edge of the
/// output it is made on (by name; else the compositor's choice), centred, `marginBottom` above the edge, no exclusive zone, no
/// keyboard.
///
/// Its life: made and committed without a buffer (`unmapped`); the compositor's `configure`
/// is acknowledged (`configured`); the first `present` attaches a buffer (`mapped`). The
/// compositor may `close` it (its output went away): then it takes no more frames and the
/// owner makes a new one.
///
/// Frames are paced by the compositor: each commit asks for a frame callback, and the next
/// commit waits for its `done` (a surface the compositor does not show, such as a `top` one
/// under a fullscreen window, gets none, and so stops drawing). A `present` that cannot
/// commit yet keeps its damage for the next one.
///
/// Sizes: `logicalWidth` × `logicalHeight` are points (what layer shell, regions and pointer
/// coordinates speak); `bufferWidth` × `bufferHeight` are pixels, which is what `present`
/// takes: the logical size times the integer scale of the output the surface is on, or, where
/// the compositor offers fractional scale and a viewport, times its preferred scale for the
/// surface (rounded up), the viewport showing the buffer at the logical size.
public final class LayerSurface {
  public enum State: Equatable, Sendable {
    /// Made, waiting for the compositor's first configure.
    case unmapped
    /// Configured and acknowledged; no buffer shown yet.
    case configured
    /// A buffer is shown.
    case mapped
    /// The compositor closed it; it shows nothing any more.
    case closed
  }

  /// What `present` did.
  public enum PresentOutcome: Equatable, Sendable {
    /// Copied and committed.
    case committed
    /// Not committed; the damage is kept for the next `present`. Call again once
    /// `readyToPresent` (after dispatching), with the then current frame.
    case deferred(DeferReason)
  }

  public enum DeferReason: Equatable, Sendable {
    /// No configure yet.
    case notConfigured
    /// The last commit's frame callback has not come.
    case waitingForFrame
    /// The compositor holds both buffers.
    case noReleasedBuffer
    /// The pixels are not `bufferWidth` × `bufferHeight` (the scale or the size changed):
    /// draw again at the new size; the whole frame will be copied.
    case sizeChanged
    /// The compositor closed the surface.
    case closed
  }

  /// The layer-shell namespace: what compositor rules (sway's `layer_effects`, niri's
  /// `layer-rule`) match the strip by.
  public static let namespace = "lyricpip"

  public let connection: WaylandConnection
  public let layer: LayerShellLayer
  public private(set) var state = State.unmapped
  /// Logical size, as the last configure gave it (the requested one until then).
  public private(set) var logicalWidth: Int
  public private(set) var logicalHeight: Int
  /// The protocol id of the `wl_surface`: what `WaylandPointerEvent`s name it by.
  public let surfaceID: UInt32
  /// The output it was made on (nil: the one the compositor chose).
  public let outputName: String?
  /// Whether the last commit's frame callback is still to come.
  public private(set) var waitingForFrame = false
  /// How many frame callbacks have come (a test waits for one after a present).
  public private(set) var framesDone = 0
  /// What the last commit damaged (buffer pixels): the presented damage plus that of the
  /// presents deferred before it.
  public private(set) var lastCommittedDamage: BufferRect?

  private let surface: OpaquePointer
  private var role: OpaquePointer?
  private var frameCallback: OpaquePointer?
  private var buffers: ShmBufferPair?
  /// The buffer scale last committed (`set_buffer_scale`).
  private var committedScale: Int32 = 1
  /// The fractional scale's objects, where the compositor offers both (else nil: integer scale).
  private var fractionalScale: OpaquePointer?
  private var viewport: OpaquePointer?
  /// The compositor's preferred scale for this surface, in 120ths; nil until it said.
  public private(set) var preferredScale120: Int?
  /// The logical size the viewport last showed the buffer at.
  private var committedDestination: (width: Int, height: Int)?
  private var enteredOutputs: [OpaquePointer] = []
  /// Damage of presents that could not commit, in buffer pixels.
  private var pendingDamage: BufferRect?
  private var inputRegion: BufferRect??
  /// Whether the surface is said to be opaque (`setOpaque`).
  public private(set) var opaque = false
  private var opaqueChanged = false

  /// Makes the surface on the output named `outputName` (nil, or a name no output has now: the
  /// compositor chooses) and waits (at most the connection's `timeoutMs`) for its first
  /// configure. `width` × `height` and `marginBottom` are logical points.
  public init(
    connection: WaylandConnection, layer: LayerShellLayer, width: Int, height: Int,
    marginBottom: Int, outputName: String? = nil
  ) throws(WaylandStripError) {
    guard let compositor = connection.compositor else {
      throw .missingGlobal(interface: "wl_compositor")
    }
    guard let shell = connection.layerShell else {
      throw .missingGlobal(interface: "zwlr_layer_shell_v1")
    }
    guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
    self.connection = connection
    self.layer = layer
    logicalWidth = width
    logicalHeight = height
    guard let surface = WaylandCalls.createSurface(compositor) else {
      throw .connection(
        .connectionFailed(socket: connection.socket, reason: "wl_compositor.create_surface failed"))
    }
    self.surface = surface
    surfaceID = WaylandCalls.id(of: surface)
    let output = outputName.flatMap(connection.output(named:))
    self.outputName = output == nil ? nil : outputName
    WaylandCalls.listenToSurface(surface, self)
    if let manager = connection.fractionalScaleManager, let viewporter = connection.viewporter {
      fractionalScale = WaylandCalls.getFractionalScale(manager, surface: surface, self)
      viewport = WaylandCalls.getViewport(viewporter, surface: surface)
    }
    role = WaylandCalls.getLayerSurface(
      shell, surface: surface, output: output, layer: layer, namespace: Self.namespace,
      width: UInt32(clamping: width), height: UInt32(clamping: height),
      marginBottom: Int32(clamping: marginBottom), self)
    guard role != nil else {
      throw .connection(
        .connectionFailed(socket: connection.socket, reason: "get_layer_surface failed"))
    }
    // The first commit carries no buffer: it asks the compositor for a configure.
    WaylandCalls.commit(surface)
    try connection.dispatch(until: { state != .unmapped })
    if state == .closed { throw .closed }
  }

  deinit {
    if let frameCallback { WaylandCalls.destroyCallback(frameCallback) }
    if let role { WaylandCalls.destroyLayerSurface(role) }
    if let viewport { WaylandCalls.destroyViewport(viewport) }
    if let fractionalScale { WaylandCalls.destroyFractionalScale(fractionalScale) }
    WaylandCalls.destroySurface(surface)
    buffers = nil
    WaylandCalls.flush(connection.display)
  }

  /// The scale taken until the surface has entered an output (the compositor says which only
  /// once a buffer is shown): the owner's guess, such as the highest scale of the outputs. A
  /// first frame at another scale would wait for an `enter` that no frame brings.
  public var assumedScale = 1

  /// The same for a fractional scale (in 120ths), taken where the buffer goes through a
  /// viewport until the compositor says its preferred scale; nil: 120 times `scale`.
  public var assumedScale120: Int?

  /// The integer scale of the outputs the surface is on (the highest, when it spans several):
  /// the buffer is this many pixels a point, so text stays sharp on a HiDPI output.
  public var scale: Int {
    enteredOutputs.map { Int(connection.scale(ofOutput: $0)) }.max() ?? max(1, assumedScale)
  }

  /// Whether the buffer is shown through a viewport at the compositor's fractional scale.
  public var usesFractionalScale: Bool { viewport != nil }

  /// Pixels a point, in 120ths (fractional-scale-v1's unit): the compositor's preferred scale
  /// where it offers fractional scale and said one, else 120 times `scale`.
  public var scale120: Int {
    if viewport != nil {
      if let preferredScale120 { return preferredScale120 }
      if enteredOutputs.isEmpty, let assumedScale120 { return max(1, assumedScale120) }
    }
    return 120 * scale
  }

  /// The pixels `present` takes: the logical size times `scale120` / 120, rounded up.
  public var bufferWidth: Int { Self.pixels(logicalWidth, scale120: scale120) }
  public var bufferHeight: Int { Self.pixels(logicalHeight, scale120: scale120) }

  /// `points` at `scale120` / 120 pixels a point, rounded up (what fractional-scale-v1 asks:
  /// the buffer covers the whole surface).
  public static func pixels(_ points: Int, scale120: Int) -> Int {
    (points * max(1, scale120) + 119) / 120
  }

  /// Whether a `present` now would commit (configured, the last frame done, a buffer free).
  public var readyToPresent: Bool {
    (state == .configured || state == .mapped) && !waitingForFrame
      && (buffers?.releasedIndex != nil || buffers == nil)
  }

  /// Shows `pixels` — the whole current frame, premultiplied ARGB8888 (SDL's ARGB8888 on a
  /// little-endian machine), `width` × `height` = `bufferWidth` × `bufferHeight`, `stride`
  /// bytes a row — where `damage` (buffer pixels) says what changed since the last call.
  /// Copies the damaged rows (and what the chosen buffer lags behind) into a released buffer,
  /// damages them, asks for a frame callback and commits.
  public func present(
    pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, damage: BufferRect
  ) throws(WaylandStripError) -> PresentOutcome {
    // The frame callback and the released buffer the watch thread read in since.
    connection.dispatchPacing()
    pendingDamage = pendingDamage.union(damage)
    switch state {
    case .closed: return .deferred(.closed)
    case .unmapped: return .deferred(.notConfigured)
    case .configured, .mapped: break
    }
    let scale = self.scale
    let whole = BufferRect.whole(width: bufferWidth, height: bufferHeight)
    if buffers?.width != bufferWidth || buffers?.height != bufferHeight {
      if let buffers {
        try buffers.resize(width: bufferWidth, height: bufferHeight)
      } else {
        buffers = try ShmBufferPair(
          connection: connection, width: bufferWidth, height: bufferHeight)
      }
      pendingDamage = whole
    }
    guard width == bufferWidth, height == bufferHeight, stride >= width * 4 else {
      pendingDamage = whole
      return .deferred(.sizeChanged)
    }
    guard !waitingForFrame else { return .deferred(.waitingForFrame) }
    guard let buffers, let index = buffers.releasedIndex else {
      return .deferred(.noReleasedBuffer)
    }
    let damage = (pendingDamage ?? BufferRect(x: 0, y: 0, width: 0, height: 0))
      .intersection(whole)
    buffers.write(into: index, from: pixels, sourceStride: stride, damage: damage)
    if let viewport {
      // The buffer scale stays 1: the viewport maps the buffer's pixels onto the logical size.
      if committedDestination?.width != logicalWidth
        || committedDestination?.height != logicalHeight
      {
        WaylandCalls.setViewportDestination(
          viewport, width: Int32(clamping: logicalWidth), height: Int32(clamping: logicalHeight))
        committedDestination = (logicalWidth, logicalHeight)
      }
    } else if Int32(scale) != committedScale {
      WaylandCalls.setBufferScale(surface, Int32(scale))
      committedScale = Int32(scale)
    }
    applyRegions()
    buffers.attach(index, to: surface)
    if !damage.isEmpty { WaylandCalls.damageBuffer(surface, damage) }
    lastCommittedDamage = damage
    commitWithFrame()
    pendingDamage = nil
    state = .mapped
    return .committed
  }

  /// Clicks only inside `rect` (logical points, surface-local) reach the strip; the rest go
  /// to what is below (the locked strip: only its padlock). nil: the whole surface takes them.
  /// Takes effect at once on a shown surface, else with the first frame.
  public func setInputRegion(_ rect: BufferRect?) {
    inputRegion = .some(rect)
    commitStateIfMapped()
  }

  /// Tells the compositor the whole surface is opaque (a boxed strip with an opaque
  /// background), so it need not draw what is below; false for a translucent strip.
  public func setOpaque(_ opaque: Bool) {
    guard opaque != self.opaque else { return }
    self.opaque = opaque
    opaqueChanged = true
    commitStateIfMapped()
  }

  /// Puts the surface `left` points in from its output's left edge and `bottom` points above
  /// its bottom edge (anchored bottom-left from now on; made anew, it is centred again). Counts
  /// from the next commit: at once on a shown surface, else with the first frame.
  public func place(left: Int, bottom: Int) {
    guard let role, state != .closed else { return }
    WaylandCalls.placeLayerSurface(
      role, left: Int32(clamping: left), bottom: Int32(clamping: bottom))
    guard state == .mapped else { return }
    WaylandCalls.commit(surface)
    WaylandCalls.flush(connection.display)
  }

  /// Whether the surface takes keys now: only after the user clicked it (sway 1.7 and 1.8 give
  /// any layer surface that asks for keys the focus at once, so it asks only then).
  public private(set) var keyboardInteractive = false

  public func setKeyboardInteractive(_ interactive: Bool) {
    guard let role, state != .closed, interactive != keyboardInteractive else { return }
    keyboardInteractive = interactive
    WaylandCalls.setKeyboardInteractive(role, interactive)
    WaylandCalls.commit(surface)
    WaylandCalls.flush(connection.display)
  }

  /// Asks for a new logical size on the shown surface; the compositor's configure gives it
  /// (`logicalWidth`, `logicalHeight`), and frames of the old size are refused from then on.
  /// The role is kept, so the pointer stays on the surface (a resize by hand goes on).
  public func resize(width: Int, height: Int) {
    guard let role, state != .closed, width > 0, height > 0 else { return }
    WaylandCalls.setLayerSurfaceSize(
      role, width: UInt32(clamping: width), height: UInt32(clamping: height))
    askedSize = (width, height)
    WaylandCalls.commit(surface)
    WaylandCalls.flush(connection.display)
  }

  /// A step of a drag or a resize by hand: the place (as `place` takes it) and the size (as
  /// `resize`), set for the next commit, so a resize by the top or left edge never shows the
  /// new size at the old place. That commit is a frame's (`present`) or `commitStaged`'s; both
  /// ask for a frame callback, so the owner makes at most one step a frame: false, nothing set,
  /// while the last commit's callback has not come or the surface is not shown.
  ///
  /// The new size is the surface's at once (`logicalWidth`, `logicalHeight`): a frame drawn at
  /// it goes in the same commit as `set_size`, rather than after the configure that answers
  /// it, by which time a resize by hand has asked for another size and no frame would ever
  /// fit until the pointer stops. The configure then says the same size (sway gives a surface
  /// anchored to one corner the size it asks for; the one for this step comes before this
  /// commit's frame callback, so none from an older step can follow a newer step).
  public func stage(left: Int, bottom: Int, width: Int, height: Int) -> Bool {
    guard let role, state == .mapped, !waitingForFrame, width > 0, height > 0 else {
      return false
    }
    WaylandCalls.placeLayerSurface(
      role, left: Int32(clamping: left), bottom: Int32(clamping: bottom))
    if askedSize.width != width || askedSize.height != height {
      WaylandCalls.setLayerSurfaceSize(
        role, width: UInt32(clamping: width), height: UInt32(clamping: height))
      askedSize = (width, height)
      logicalWidth = width
      logicalHeight = height
      if opaque { opaqueChanged = true }
    }
    staged = true
    return true
  }

  /// Commits what `stage` set, unless a frame's commit has carried it already.
  public func commitStaged() {
    guard staged, state == .mapped else { return }
    commitWithFrame()
  }

  /// Whether `stage` set something no commit has carried yet.
  private var staged = false

  /// The size last asked for (`init`, `resize`, `stage`): `stage` asks again only for another.
  private lazy var askedSize = (width: logicalWidth, height: logicalHeight)

  /// Waits (at most the connection's `timeoutMs`) for the last commit's frame callback.
  public func waitForFrame() throws(WaylandStripError) {
    try connection.dispatch(until: { !waitingForFrame || state == .closed })
  }

  // MARK: Events (called from WaylandCalls' listeners while dispatching)

  func configured(serial: UInt32, width: UInt32, height: UInt32) {
    guard let role, state != .closed else { return }
    WaylandCalls.ackConfigure(role, serial: serial)
    // Zero: the compositor leaves that dimension to us (we asked for one, so it stays).
    let newWidth = width == 0 ? logicalWidth : Int(width)
    let newHeight = height == 0 ? logicalHeight : Int(height)
    if newWidth != logicalWidth || newHeight != logicalHeight {
      logicalWidth = newWidth
      logicalHeight = newHeight
      if opaque { opaqueChanged = true }
    }
    if state == .unmapped { state = .configured }
  }

  func closedByCompositor() {
    state = .closed
    if let frameCallback { WaylandCalls.destroyCallback(frameCallback) }
    frameCallback = nil
    waitingForFrame = false
  }

  func frameDone() {
    if let frameCallback { WaylandCalls.destroyCallback(frameCallback) }
    frameCallback = nil
    waitingForFrame = false
    framesDone += 1
  }

  func preferredScale(_ scale120: UInt32) {
    preferredScale120 = max(1, Int(clamping: scale120))
  }

  func outputEntered(_ output: OpaquePointer) {
    if !enteredOutputs.contains(output) { enteredOutputs.append(output) }
  }

  func outputLeft(_ output: OpaquePointer) {
    enteredOutputs.removeAll { $0 == output }
  }

  // MARK: Requests

  private func commitWithFrame() {
    staged = false
    frameCallback = WaylandCalls.requestFrame(surface, self)
    if let frameCallback { connection.pace(frameCallback) }
    waitingForFrame = frameCallback != nil
    WaylandCalls.commit(surface)
    WaylandCalls.flush(connection.display)
  }

  /// Regions are double-buffered surface state: they count from the next commit. A shown
  /// surface commits them at once (without a new buffer); an unshown one with its first frame.
  private func commitStateIfMapped() {
    guard state == .mapped else { return }
    applyRegions()
    WaylandCalls.commit(surface)
    WaylandCalls.flush(connection.display)
  }

  private func applyRegions() {
    guard let compositor = connection.compositor else { return }
    if let region = inputRegion {
      WaylandCalls.setInputRegion(surface, compositor: compositor, region)
      inputRegion = nil
    }
    if opaqueChanged {
      let rect = opaque ? BufferRect.whole(width: logicalWidth, height: logicalHeight) : nil
      WaylandCalls.setOpaqueRegion(surface, compositor: compositor, rect)
      opaqueChanged = false
    }
  }
}
