internal import CWaylandClient
internal import CWaylandProtocols
internal import Glibc
internal import SystemSupport

/// The module's libwayland calls, all of them: connecting to a compositor, reading its
/// registry with a bounded wait, the names and versions of the protocol glue
/// (Sources/CWaylandProtocols, made by scripts/wayland-protocols); the strip's globals, seat and
/// outputs, its surface, layer-shell role, regions and frame callbacks; and its shared-memory
/// buffers, with the glibc calls (memfd, mmap) they need.
///
/// libwayland's own `wl_display_roundtrip` waits without limit: a compositor that accepted the
/// connection and then hangs would hang us with it. So the wait is libwayland's documented
/// read protocol (`prepare_read`, `poll` on the connection's descriptor, `read_events`,
/// `dispatch_pending`) with a deadline on the monotonic clock.
enum WaylandCalls {
  /// The layer-shell interface as the generated glue speaks it: its name and the highest
  /// version the glue has requests for (the protocol file's version, 4 from Debian 12).
  static var layerShellInterface: (name: String, version: UInt32) {
    (
      String(cString: zwlr_layer_shell_v1_interface.name),
      UInt32(zwlr_layer_shell_v1_interface.version)
    )
  }

  /// Every global the compositor at `socket` offers, read in one round trip of at most
  /// `timeoutMs` milliseconds; the connection is closed again before returning.
  static func globals(socket: String, timeoutMs: Int32) throws(WaylandConnectionError)
    -> [WaylandGlobal]
  {
    guard let display = wl_display_connect(socket) else {
      throw .cannotConnect(socket: socket, reason: Errno.current.description)
    }
    defer { wl_display_disconnect(display) }
    let listing = RegistryListing()
    let context = Unmanaged.passUnretained(listing).toOpaque()
    let listeners = Listeners()
    defer { listeners.deallocate() }
    guard let registry = wl_display_get_registry(display) else {
      throw .connectionFailed(socket: socket, reason: Errno.current.description)
    }
    defer { wl_registry_destroy(registry) }
    guard let sync = wl_display_sync(display) else {
      throw .connectionFailed(socket: socket, reason: Errno.current.description)
    }
    defer { wl_callback_destroy(sync) }
    _ = wl_registry_add_listener(registry, listeners.registry, context)
    _ = wl_callback_add_listener(sync, listeners.callback, context)
    // The sync request's `done` comes after the compositor sent every global it had when it
    // read our requests: when it arrives, the listing is complete.
    try withExtendedLifetime(listing) { () throws(WaylandConnectionError) in
      try dispatch(display, until: { listing.done }, socket: socket, timeoutMs: timeoutMs)
    }
    return listing.globals
  }

  /// Reads and dispatches events until `done` holds, the connection fails or `timeoutMs` pass.
  static func dispatch(
    _ display: OpaquePointer, until done: () -> Bool, socket: String, timeoutMs: Int32,
    pacing: OpaquePointer? = nil
  ) throws(WaylandConnectionError) {
    let deadline = SystemClock.monotonicNanos() + Int64(timeoutMs) * 1_000_000
    let failed = { () -> WaylandConnectionError in
      let code = wl_display_get_error(display)
      let reason = code == 0 ? Errno.current.description : Errno(rawValue: code).description
      return .connectionFailed(socket: socket, reason: reason)
    }
    while !done() {
      // Events already queued are dispatched first; only an empty queue may be read into.
      while wl_display_prepare_read(display) != 0 {
        guard wl_display_dispatch_pending(display) >= 0 else { throw failed() }
      }
      if let pacing, wl_display_dispatch_queue_pending(display, pacing) < 0 {
        wl_display_cancel_read(display)
        throw failed()
      }
      if done() {
        wl_display_cancel_read(display)
        break
      }
      // A full socket (EAGAIN) is sent on the next turn; anything else is a broken connection.
      if wl_display_flush(display) < 0 && Errno.current != .wouldBlock {
        wl_display_cancel_read(display)
        throw failed()
      }
      let leftNanos = deadline - SystemClock.monotonicNanos()
      guard leftNanos > 0 else {
        wl_display_cancel_read(display)
        throw .noAnswer(socket: socket, milliseconds: timeoutMs)
      }
      // Rounded up: poll counts whole milliseconds, and a wait cut down to them gave up as
      // much as a millisecond before its limit.
      let leftMs = Int32(clamping: (leftNanos + 999_999) / 1_000_000)
      var descriptors = [PollDescriptor(fd: wl_display_get_fd(display), events: Poll.readable)]
      guard case .success(let ready) = Poll.wait(&descriptors, timeoutMs: leftMs) else {
        wl_display_cancel_read(display)
        throw failed()
      }
      if ready == 0 {
        wl_display_cancel_read(display)
        continue
      }
      guard wl_display_read_events(display) >= 0, wl_display_dispatch_pending(display) >= 0
      else { throw failed() }
    }
  }
}

/// What the registry's events fill, reached from the C listeners through their data pointer.
private final class RegistryListing {
  var globals: [WaylandGlobal] = []
  var done = false
}

/// The listener tables libwayland keeps pointers to while the objects live: in memory of
/// their own, since the address of a Swift value is only stable inside one call.
private struct Listeners {
  let registry: UnsafeMutablePointer<wl_registry_listener>
  let callback: UnsafeMutablePointer<wl_callback_listener>

  init() {
    registry = .allocate(capacity: 1)
    registry.initialize(
      to: wl_registry_listener(
        global: { data, _, name, interface, version in
          guard let data, let interface else { return }
          let listing = Unmanaged<RegistryListing>.fromOpaque(data).takeUnretainedValue()
          listing.globals.append(
            WaylandGlobal(name: name, interface: String(cString: interface), version: version))
        },
        global_remove: { data, _, name in
          guard let data else { return }
          let listing = Unmanaged<RegistryListing>.fromOpaque(data).takeUnretainedValue()
          listing.globals.removeAll { $0.name == name }
        }))
    callback = .allocate(capacity: 1)
    callback.initialize(
      to: wl_callback_listener(done: { data, _, _ in
        guard let data else { return }
        Unmanaged<RegistryListing>.fromOpaque(data).takeUnretainedValue().done = true
      }))
  }

  func deallocate() {
    registry.deallocate()
    callback.deallocate()
  }
}

// MARK: - The strip's connection: globals, seat, outputs

extension WaylandCalls {
  /// Connects to the compositor at `socket`; nil with the reason when nothing answers.
  static func connect(socket: String) throws(WaylandConnectionError) -> OpaquePointer {
    guard let display = wl_display_connect(socket) else {
      throw .cannotConnect(socket: socket, reason: Errno.current.description)
    }
    return display
  }

  static func fileDescriptor(_ display: OpaquePointer) -> Int32 { wl_display_get_fd(display) }

  static func disconnect(_ display: OpaquePointer) {
    _ = wl_display_flush(display)
    wl_display_disconnect(display)
  }

  /// Sends what is queued; a full socket (EAGAIN) is sent at the next flush or wait.
  static func flush(_ display: OpaquePointer) {
    _ = wl_display_flush(display)
  }

  /// One round trip: returns once the compositor has answered every request sent before it
  /// (and we dispatched its events), at most `timeoutMs` later.
  static func roundtrip(
    _ display: OpaquePointer, socket: String, timeoutMs: Int32, pacing: OpaquePointer? = nil
  ) throws(WaylandConnectionError) {
    let flag = DoneFlag()
    guard let sync = wl_display_sync(display) else {
      throw .connectionFailed(socket: socket, reason: Errno.current.description)
    }
    defer { wl_callback_destroy(sync) }
    _ = wl_callback_add_listener(sync, Tables.doneFlag, Unmanaged.passUnretained(flag).toOpaque())
    try withExtendedLifetime(flag) { () throws(WaylandConnectionError) in
      try dispatch(
        display, until: { flag.done }, socket: socket, timeoutMs: timeoutMs, pacing: pacing)
    }
  }

  /// Dispatches the events that have arrived, without waiting for more.
  static func dispatchAvailable(
    _ display: OpaquePointer, socket: String, pacing: OpaquePointer? = nil
  ) throws(WaylandConnectionError) {
    let failed = { () -> WaylandConnectionError in
      let code = wl_display_get_error(display)
      let reason = code == 0 ? Errno.current.description : Errno(rawValue: code).description
      return .connectionFailed(socket: socket, reason: reason)
    }
    while wl_display_prepare_read(display) != 0 {
      guard wl_display_dispatch_pending(display) >= 0 else { throw failed() }
    }
    if wl_display_flush(display) < 0 && Errno.current != .wouldBlock {
      wl_display_cancel_read(display)
      throw failed()
    }
    var descriptors = [PollDescriptor(fd: wl_display_get_fd(display), events: Poll.readable)]
    guard case .success(let ready) = Poll.wait(&descriptors, timeoutMs: 0), ready > 0 else {
      wl_display_cancel_read(display)
      guard wl_display_dispatch_pending(display) >= 0 else { throw failed() }
      guard dispatchPacing(display, pacing) else { throw failed() }
      return
    }
    guard wl_display_read_events(display) >= 0, wl_display_dispatch_pending(display) >= 0,
      dispatchPacing(display, pacing)
    else { throw failed() }
  }

  /// Dispatches the events in the pacing queue (`WaylandConnection.pacingQueue`); false when
  /// the connection failed.
  static func dispatchPacing(_ display: OpaquePointer, _ pacing: OpaquePointer?) -> Bool {
    guard let pacing else { return true }
    return wl_display_dispatch_queue_pending(display, pacing) >= 0
  }

  // MARK: The pacing queue, and the reads of a thread that watches the connection

  static func createQueue(_ display: OpaquePointer) -> OpaquePointer? {
    wl_display_create_queue(display)
  }

  static func destroyQueue(_ queue: OpaquePointer) { wl_event_queue_destroy(queue) }

  /// The events of `proxy` go to `queue` from now on.
  static func setQueue(_ proxy: OpaquePointer, _ queue: OpaquePointer) {
    wl_proxy_set_queue(proxy, queue)
  }

  /// Prepares a read of the socket into the queues: false when the default queue holds events
  /// already (nothing prepared: they are to be dispatched first).
  static func prepareRead(_ display: OpaquePointer) -> Bool {
    wl_display_prepare_read(display) == 0
  }

  static func cancelRead(_ display: OpaquePointer) { wl_display_cancel_read(display) }

  /// Reads what the socket holds into the queues (a prepared read); false when it failed.
  static func readEvents(_ display: OpaquePointer) -> Bool {
    wl_display_read_events(display) >= 0
  }

  /// Whether `queue` holds events not yet dispatched.
  static func queueHasEvents(_ display: OpaquePointer, _ queue: OpaquePointer) -> Bool {
    guard wl_display_prepare_read_queue(display, queue) == 0 else { return true }
    wl_display_cancel_read(display)
    return false
  }

  /// The registry, its events going to `connection` (which binds what the strip needs).
  static func listenToRegistry(_ display: OpaquePointer, _ connection: WaylandConnection)
    -> OpaquePointer?
  {
    guard let registry = wl_display_get_registry(display) else { return nil }
    _ = wl_registry_add_listener(registry, Tables.registry, opaque(connection))
    return registry
  }

  static func destroyRegistry(_ registry: OpaquePointer) { wl_registry_destroy(registry) }

  /// The interfaces the strip binds, by their protocol names.
  enum Bindable: CaseIterable {
    case compositor, shm, layerShell, seat, output
    /// Optional: outputs' logical places (xdg-output), fractional scale and the viewport that
    /// goes with it.
    case xdgOutputManager, viewporter, fractionalScaleManager

    var interface: UnsafePointer<wl_interface> {
      switch self {
      // The C globals' own addresses (shim.h says why not `withUnsafePointer`).
      case .compositor: lyricpip_compositor_interface()
      case .shm: lyricpip_shm_interface()
      case .layerShell: lyricpip_layer_shell_interface()
      case .seat: lyricpip_seat_interface()
      case .output: lyricpip_output_interface()
      case .xdgOutputManager: lyricpip_xdg_output_manager_interface()
      case .viewporter: lyricpip_viewporter_interface()
      case .fractionalScaleManager: lyricpip_fractional_scale_manager_interface()
      }
    }

    var name: String { String(cString: interface.pointee.name) }

    /// The highest version whose requests and events the strip uses: compositor 4 for
    /// `damage_buffer`; layer shell 4 (the glue's); seat 5 (pointer frames); output 4 (names);
    /// xdg-output 3 (its events end with the output's `done`).
    var highestUsed: UInt32 {
      switch self {
      case .compositor: 4
      case .shm: 1
      case .layerShell: 4
      case .seat: 5
      case .output: 4
      case .xdgOutputManager: 3
      case .viewporter: 1
      case .fractionalScaleManager: 1
      }
    }

    init?(interface: String) {
      guard let found = Self.allCases.first(where: { $0.name == interface }) else { return nil }
      self = found
    }
  }

  static func bind(
    _ registry: OpaquePointer, name: UInt32, _ what: Bindable, version: UInt32
  ) -> OpaquePointer? {
    wl_registry_bind(registry, name, what.interface, version).map { OpaquePointer($0) }
  }

  /// Listens to an output's scale and name; `state` receives them.
  static func listenToOutput(_ output: OpaquePointer, _ state: WaylandOutputState) {
    _ = wl_output_add_listener(output, Tables.output, opaque(state))
  }

  /// The output's logical place and size from xdg-output; `state` receives them.
  static func listenToXdgOutput(
    _ manager: OpaquePointer, output: OpaquePointer, _ state: WaylandOutputState
  ) -> OpaquePointer? {
    guard let xdgOutput = zxdg_output_manager_v1_get_xdg_output(manager, output) else {
      return nil
    }
    _ = zxdg_output_v1_add_listener(xdgOutput, Tables.xdgOutput, opaque(state))
    return xdgOutput
  }

  static func destroyXdgOutput(_ xdgOutput: OpaquePointer) { zxdg_output_v1_destroy(xdgOutput) }

  static func destroyXdgOutputManager(_ manager: OpaquePointer) {
    zxdg_output_manager_v1_destroy(manager)
  }

  static func destroyViewporter(_ viewporter: OpaquePointer) { wp_viewporter_destroy(viewporter) }

  static func destroyFractionalScaleManager(_ manager: OpaquePointer) {
    wp_fractional_scale_manager_v1_destroy(manager)
  }

  static func releaseOutput(_ output: OpaquePointer) {
    if wl_output_get_version(output) >= 3 {
      wl_output_release(output)
    } else {
      wl_output_destroy(output)
    }
  }

  static func listenToSeat(_ seat: OpaquePointer, _ connection: WaylandConnection) {
    _ = wl_seat_add_listener(seat, Tables.seat, opaque(connection))
  }

  static func releaseSeat(_ seat: OpaquePointer) {
    if wl_seat_get_version(seat) >= 5 { wl_seat_release(seat) } else { wl_seat_destroy(seat) }
  }

  /// The seat's capability bits (`wl_seat.capability`).
  static let pointerCapability = WL_SEAT_CAPABILITY_POINTER.rawValue
  static let keyboardCapability = WL_SEAT_CAPABILITY_KEYBOARD.rawValue

  static func getPointer(_ seat: OpaquePointer, _ connection: WaylandConnection) -> OpaquePointer? {
    guard let pointer = wl_seat_get_pointer(seat) else { return nil }
    _ = wl_pointer_add_listener(pointer, Tables.pointer, opaque(connection))
    return pointer
  }

  static func releasePointer(_ pointer: OpaquePointer) {
    if wl_pointer_get_version(pointer) >= 3 {
      wl_pointer_release(pointer)
    } else {
      wl_pointer_destroy(pointer)
    }
  }

  static func getKeyboard(_ seat: OpaquePointer, _ connection: WaylandConnection)
    -> OpaquePointer?
  {
    guard let keyboard = wl_seat_get_keyboard(seat) else { return nil }
    _ = wl_keyboard_add_listener(keyboard, Tables.keyboard, opaque(connection))
    return keyboard
  }

  static func releaseKeyboard(_ keyboard: OpaquePointer) {
    if wl_keyboard_get_version(keyboard) >= 3 {
      wl_keyboard_release(keyboard)
    } else {
      wl_keyboard_destroy(keyboard)
    }
  }

  static func destroyCompositor(_ compositor: OpaquePointer) { wl_compositor_destroy(compositor) }
  static func destroyShm(_ shm: OpaquePointer) { wl_shm_destroy(shm) }
  static func destroyLayerShell(_ shell: OpaquePointer) {
    // `destroy` is a request from version 3; before it, the proxy alone goes.
    if zwlr_layer_shell_v1_get_version(shell) >= 3 {
      zwlr_layer_shell_v1_destroy(shell)
    } else {
      wl_proxy_destroy(shell)
    }
  }

  /// The protocol id of a proxy: what events name a surface by.
  static func id(of proxy: OpaquePointer) -> UInt32 { wl_proxy_get_id(proxy) }

  fileprivate static func opaque(_ object: AnyObject) -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(object).toOpaque()
  }
}

// MARK: - Surfaces, regions, layer surfaces, frame callbacks

extension WaylandCalls {
  static func createSurface(_ compositor: OpaquePointer) -> OpaquePointer? {
    wl_compositor_create_surface(compositor)
  }

  /// The outputs the surface enters and leaves go to `owner` (its buffer scale follows them).
  static func listenToSurface(_ surface: OpaquePointer, _ owner: LayerSurface) {
    _ = wl_surface_add_listener(surface, Tables.surface, opaque(owner))
  }

  static func destroySurface(_ surface: OpaquePointer) { wl_surface_destroy(surface) }

  static func layerValue(_ layer: LayerShellLayer) -> UInt32 {
    switch layer {
    case .top: ZWLR_LAYER_SHELL_V1_LAYER_TOP.rawValue
    case .overlay: ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue
    }
  }

  /// The surface's layer-shell role, set up as the strip wants it: anchored to the bottom edge
  /// only (so the compositor centres it horizontally) `marginBottom` above it, `width` ×
  /// `height` logical points, no exclusive zone (it reserves no space and other windows keep
  /// theirs), and no keyboard (sway 1.7 gives any layer surface that asks for keys the focus).
  static func getLayerSurface(
    _ shell: OpaquePointer, surface: OpaquePointer, output: OpaquePointer?,
    layer: LayerShellLayer, namespace: String, width: UInt32, height: UInt32,
    marginBottom: Int32, _ owner: LayerSurface
  ) -> OpaquePointer? {
    guard
      let role = zwlr_layer_shell_v1_get_layer_surface(
        shell, surface, output, layerValue(layer), namespace)
    else { return nil }
    _ = zwlr_layer_surface_v1_add_listener(role, Tables.layerSurface, opaque(owner))
    zwlr_layer_surface_v1_set_size(role, width, height)
    zwlr_layer_surface_v1_set_anchor(role, ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue)
    zwlr_layer_surface_v1_set_margin(role, 0, 0, marginBottom, 0)
    zwlr_layer_surface_v1_set_exclusive_zone(role, 0)
    zwlr_layer_surface_v1_set_keyboard_interactivity(
      role, ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE.rawValue)
    return role
  }

  /// Anchors the surface to the bottom-left corner of its output, `left` and `bottom` logical
  /// points in from it: a place the user chose (a drag), not the centre.
  static func placeLayerSurface(_ role: OpaquePointer, left: Int32, bottom: Int32) {
    zwlr_layer_surface_v1_set_anchor(
      role,
      ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue)
    zwlr_layer_surface_v1_set_margin(role, 0, 0, bottom, left)
  }

  /// The size the surface asks for, in logical points (the compositor's next configure answers).
  static func setLayerSurfaceSize(_ role: OpaquePointer, width: UInt32, height: UInt32) {
    zwlr_layer_surface_v1_set_size(role, width, height)
  }

  /// Whether the surface takes keys: `onDemand` (layer shell 4: when the user clicks it) or,
  /// on version 3 which has no such mode, `exclusive`; else none.
  static func setKeyboardInteractive(_ role: OpaquePointer, _ interactive: Bool) {
    let value: UInt32
    if !interactive {
      value = ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE.rawValue
    } else if zwlr_layer_surface_v1_get_version(role) >= 4 {
      value = ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_ON_DEMAND.rawValue
    } else {
      value = ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_EXCLUSIVE.rawValue
    }
    zwlr_layer_surface_v1_set_keyboard_interactivity(role, value)
  }

  static func close(_ fd: Int32) { Glibc.close(fd) }

  static func ackConfigure(_ role: OpaquePointer, serial: UInt32) {
    zwlr_layer_surface_v1_ack_configure(role, serial)
  }

  static func destroyLayerSurface(_ role: OpaquePointer) { zwlr_layer_surface_v1_destroy(role) }

  static func commit(_ surface: OpaquePointer) { wl_surface_commit(surface) }

  static func setBufferScale(_ surface: OpaquePointer, _ scale: Int32) {
    wl_surface_set_buffer_scale(surface, scale)
  }

  /// The compositor's preferred fractional scale for `surface` (`preferred_scale`, in 120ths)
  /// goes to `owner`.
  static func getFractionalScale(
    _ manager: OpaquePointer, surface: OpaquePointer, _ owner: LayerSurface
  ) -> OpaquePointer? {
    guard let fractional = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface)
    else { return nil }
    _ = wp_fractional_scale_v1_add_listener(fractional, Tables.fractionalScale, opaque(owner))
    return fractional
  }

  static func destroyFractionalScale(_ fractional: OpaquePointer) {
    wp_fractional_scale_v1_destroy(fractional)
  }

  static func getViewport(_ viewporter: OpaquePointer, surface: OpaquePointer) -> OpaquePointer? {
    wp_viewporter_get_viewport(viewporter, surface)
  }

  static func destroyViewport(_ viewport: OpaquePointer) { wp_viewport_destroy(viewport) }

  /// Shows the whole buffer at `width` × `height` logical points, whatever its pixels.
  static func setViewportDestination(_ viewport: OpaquePointer, width: Int32, height: Int32) {
    wp_viewport_set_destination(viewport, width, height)
  }

  static func attach(_ surface: OpaquePointer, _ buffer: OpaquePointer) {
    wl_surface_attach(surface, buffer, 0, 0)
  }

  static func damageBuffer(_ surface: OpaquePointer, _ rect: BufferRect) {
    wl_surface_damage_buffer(
      surface, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
  }

  /// Asks for a `done` when the compositor would like the next frame; `owner.frameDone()`.
  static func requestFrame(_ surface: OpaquePointer, _ owner: LayerSurface) -> OpaquePointer? {
    guard let callback = wl_surface_frame(surface) else { return nil }
    _ = wl_callback_add_listener(callback, Tables.frame, opaque(owner))
    return callback
  }

  static func destroyCallback(_ callback: OpaquePointer) { wl_callback_destroy(callback) }

  /// The surface's input region: `rect` only (logical points), or nil for all of it.
  static func setInputRegion(
    _ surface: OpaquePointer, compositor: OpaquePointer, _ rect: BufferRect?
  ) {
    guard let rect else {
      wl_surface_set_input_region(surface, nil)
      return
    }
    withRegion(compositor, rect) { wl_surface_set_input_region(surface, $0) }
  }

  /// The surface's opaque region (a hint that lets the compositor skip what is below): `rect`,
  /// or nil for none.
  static func setOpaqueRegion(
    _ surface: OpaquePointer, compositor: OpaquePointer, _ rect: BufferRect?
  ) {
    guard let rect else {
      wl_surface_set_opaque_region(surface, nil)
      return
    }
    withRegion(compositor, rect) { wl_surface_set_opaque_region(surface, $0) }
  }

  /// A region holding `rect`, for one request: the surface copies it, so it goes at once.
  private static func withRegion(
    _ compositor: OpaquePointer, _ rect: BufferRect, _ use: (OpaquePointer) -> Void
  ) {
    guard let region = wl_compositor_create_region(compositor) else { return }
    defer { wl_region_destroy(region) }
    if !rect.isEmpty {
      wl_region_add(
        region, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
    }
    use(region)
  }
}

// MARK: - Shared-memory buffers

extension WaylandCalls {
  /// `size` bytes of anonymous shared memory, mapped: a memfd (no name in any folder, so
  /// nothing to clean up after a crash), its descriptor handed to the compositor for the pool.
  static func sharedMemory(size: Int) throws(WaylandStripError)
    -> (fd: Int32, memory: UnsafeMutableRawPointer)
  {
    let fd = memfd_create("lyricpip-strip", LYRICPIP_MFD_CLOEXEC)
    guard fd >= 0 else {
      throw .sharedMemory(step: "memfd_create", reason: Errno.current.description)
    }
    var truncated: Int32
    repeat {
      truncated = ftruncate(fd, off_t(size))
    } while truncated < 0
      && Errno.current == .interrupted
    guard truncated == 0 else {
      let reason = Errno.current.description
      Glibc.close(fd)
      throw .sharedMemory(step: "ftruncate", reason: reason)
    }
    let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
    guard let memory, memory != UnsafeMutableRawPointer(bitPattern: -1) else {
      let reason = Errno.current.description
      Glibc.close(fd)
      throw .sharedMemory(step: "mmap", reason: reason)
    }
    return (fd, memory)
  }

  static func releaseSharedMemory(fd: Int32, memory: UnsafeMutableRawPointer, size: Int) {
    munmap(memory, size)
    Glibc.close(fd)
  }

  static func createPool(_ shm: OpaquePointer, fd: Int32, size: Int) -> OpaquePointer? {
    wl_shm_create_pool(shm, fd, Int32(clamping: size))
  }

  static func destroyPool(_ pool: OpaquePointer) { wl_shm_pool_destroy(pool) }

  /// A premultiplied ARGB8888 buffer at `offset` in the pool, `stride` bytes a row; its
  /// `release` goes to `owner.bufferReleased(_:)`.
  static func createBuffer(
    _ pool: OpaquePointer, offset: Int, width: Int, height: Int, stride: Int,
    _ owner: ShmBufferPair
  ) -> OpaquePointer? {
    guard
      let buffer = wl_shm_pool_create_buffer(
        pool, Int32(offset), Int32(width), Int32(height), Int32(stride),
        WL_SHM_FORMAT_ARGB8888.rawValue)
    else { return nil }
    _ = wl_buffer_add_listener(buffer, Tables.buffer, opaque(owner))
    return buffer
  }

  static func destroyBuffer(_ buffer: OpaquePointer) { wl_buffer_destroy(buffer) }
}

/// Set by a sync callback's `done`.
private final class DoneFlag {
  var done = false
}

/// The listener tables, made once and never freed: libwayland keeps pointers to them for as
/// long as the objects listen, and every object of a kind shares its table (the object itself
/// is the data pointer). Never written after they are made, hence safe to share.
private enum Tables {
  nonisolated(unsafe) static let doneFlag = table(
    wl_callback_listener(done: { data, _, _ in
      guard let data else { return }
      Unmanaged<DoneFlag>.fromOpaque(data).takeUnretainedValue().done = true
    }))

  nonisolated(unsafe) static let registry = table(
    wl_registry_listener(
      global: { data, _, name, interface, version in
        guard let data, let interface else { return }
        connection(data).globalAdded(
          name: name, interface: String(cString: interface), version: version)
      },
      global_remove: { data, _, name in
        guard let data else { return }
        connection(data).globalRemoved(name: name)
      }))

  nonisolated(unsafe) static let output = table(
    wl_output_listener(
      geometry: { data, _, x, y, _, _, _, _, _, _ in
        guard let data else { return }
        outputState(data).pendingPosition = (Int(x), Int(y))
      },
      mode: { data, _, flags, width, height, _ in
        guard let data, flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 else { return }
        outputState(data).pendingModeSize = (Int(width), Int(height))
      },
      done: { data, _ in
        guard let data else { return }
        outputState(data).outputDone()
      },
      scale: { data, _, factor in
        guard let data else { return }
        outputState(data).pendingScale = factor
      },
      name: { data, _, name in
        guard let data, let name else { return }
        outputState(data).pendingName = String(cString: name)
      },
      description: { _, _, _ in }))

  nonisolated(unsafe) static let xdgOutput = table(
    zxdg_output_v1_listener(
      logical_position: { data, _, x, y in
        guard let data else { return }
        outputState(data).pendingLogicalPosition = (Int(x), Int(y))
      },
      logical_size: { data, _, width, height in
        guard let data else { return }
        outputState(data).pendingLogicalSize = (Int(width), Int(height))
      },
      // From version 3 the output's own `done` ends the batch; before, this one does.
      done: { data, xdgOutput in
        guard let data, let xdgOutput, zxdg_output_v1_get_version(xdgOutput) < 3 else { return }
        outputState(data).xdgOutputDone()
      },
      name: { _, _, _ in },
      description: { _, _, _ in }))

  nonisolated(unsafe) static let fractionalScale = table(
    wp_fractional_scale_v1_listener(preferred_scale: { data, _, scale in
      guard let data else { return }
      layerSurface(data).preferredScale(scale)
    }))

  nonisolated(unsafe) static let seat = table(
    wl_seat_listener(
      capabilities: { data, _, capabilities in
        guard let data else { return }
        connection(data).seatCapabilities(capabilities)
      },
      name: { _, _, _ in }))

  nonisolated(unsafe) static let pointer = table(
    wl_pointer_listener(
      enter: { data, _, _, surface, x, y in
        guard let data, let surface else { return }
        connection(data).pointerEntered(
          surface: wl_proxy_get_id(surface), x: wl_fixed_to_double(x),
          y: wl_fixed_to_double(y))
      },
      leave: { data, _, _, surface in
        guard let data else { return }
        connection(data).pointerLeft(surface: surface.map { wl_proxy_get_id($0) })
      },
      motion: { data, _, _, x, y in
        guard let data else { return }
        connection(data).pointerMoved(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
      },
      button: { data, _, _, _, button, state in
        guard let data else { return }
        connection(data).pointerButton(
          button, pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue)
      },
      axis: { _, _, _, _, _ in },
      frame: { _, _ in },
      axis_source: { _, _, _ in },
      axis_stop: { _, _, _, _ in },
      axis_discrete: { _, _, _, _ in },
      axis_value120: { _, _, _, _ in }))

  nonisolated(unsafe) static let keyboard = table(
    wl_keyboard_listener(
      // Only xkb's text format is read; the descriptor is ours to close either way.
      keymap: { data, _, format, fd, size in
        guard let data, format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue else {
          Glibc.close(fd)
          return
        }
        connection(data).keymapArrived(fd: fd, size: Int(size))
      },
      enter: { data, _, _, surface, _ in
        guard let data, let surface else { return }
        connection(data).keyboardEntered(surface: wl_proxy_get_id(surface))
      },
      leave: { data, _, _, _ in
        guard let data else { return }
        connection(data).keyboardLeft()
      },
      key: { data, _, _, _, key, state in
        guard let data, state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue else { return }
        connection(data).keyPressed(key)
      },
      modifiers: { data, _, _, depressed, latched, locked, group in
        guard let data else { return }
        connection(data).modifiersChanged(
          depressed: depressed, latched: latched, locked: locked, group: group)
      },
      repeat_info: { _, _, _, _ in }))

  nonisolated(unsafe) static let surface = table(
    wl_surface_listener(
      enter: { data, _, output in
        guard let data, let output else { return }
        layerSurface(data).outputEntered(output)
      },
      leave: { data, _, output in
        guard let data, let output else { return }
        layerSurface(data).outputLeft(output)
      }))

  nonisolated(unsafe) static let layerSurface = table(
    zwlr_layer_surface_v1_listener(
      configure: { data, _, serial, width, height in
        guard let data else { return }
        layerSurface(data).configured(serial: serial, width: width, height: height)
      },
      closed: { data, _ in
        guard let data else { return }
        layerSurface(data).closedByCompositor()
      }))

  nonisolated(unsafe) static let frame = table(
    wl_callback_listener(done: { data, _, _ in
      guard let data else { return }
      layerSurface(data).frameDone()
    }))

  nonisolated(unsafe) static let buffer = table(
    wl_buffer_listener(release: { data, buffer in
      guard let data, let buffer else { return }
      Unmanaged<ShmBufferPair>.fromOpaque(data).takeUnretainedValue()
        .bufferReleased(buffer)
    }))

  private static func table<Listener>(_ listener: Listener) -> UnsafeMutablePointer<Listener> {
    let table = UnsafeMutablePointer<Listener>.allocate(capacity: 1)
    table.initialize(to: listener)
    return table
  }

  private static func connection(_ data: UnsafeMutableRawPointer) -> WaylandConnection {
    Unmanaged<WaylandConnection>.fromOpaque(data).takeUnretainedValue()
  }

  private static func outputState(_ data: UnsafeMutableRawPointer) -> WaylandOutputState {
    Unmanaged<WaylandOutputState>.fromOpaque(data).takeUnretainedValue()
  }

  private static func layerSurface(_ data: UnsafeMutableRawPointer) -> LayerSurface {
    Unmanaged<LayerSurface>.fromOpaque(data).takeUnretainedValue()
  }
}
