internal import CWaylandClient
internal import CWaylandProtocols
internal import SystemSupport

/// The module's libwayland calls, all of them: connecting to a compositor, reading its
/// registry with a bounded wait, and the names and versions of the protocol glue
/// (Sources/CWaylandProtocols, made by scripts/wayland-protocols).
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
  private static func dispatch(
    _ display: OpaquePointer, until done: () -> Bool, socket: String, timeoutMs: Int32
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
