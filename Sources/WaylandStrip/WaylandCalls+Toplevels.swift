internal import CWaylandClient
internal import CWaylandProtocols

/// The module's libwayland calls for wlroots' foreign-toplevel management
/// (`zwlr_foreign_toplevel_manager_v1`, sway, Hyprland, labwc, wayfire): the other windows'
/// states, read for the strip's `hide-when-fullscreen`. Apart from WaylandCalls.swift only to
/// keep that file about the strip's own surface; the same rules hold (every call here, the
/// listener tables made once and never freed).
extension WaylandCalls {
  /// The manager's interface name and the version whose events the strip reads: 2 brings the
  /// `fullscreen` state, 3 only a `parent` event the strip ignores.
  static let toplevelManagerName = String(
    cString: lyricpip_foreign_toplevel_manager_interface().pointee.name)
  static let toplevelManagerVersion: UInt32 = 3
  /// The lowest version that says whether a window is fullscreen.
  static let toplevelFullscreenSince = UInt32(
    ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_FULLSCREEN_SINCE_VERSION)

  /// Binds the manager; every toplevel it announces, and their states, go to `toplevels`.
  static func bindToplevelManager(_ registry: OpaquePointer, name: UInt32, version: UInt32)
    -> WaylandToplevels?
  {
    let bound = wl_registry_bind(
      registry, name, lyricpip_foreign_toplevel_manager_interface(), version)
    guard let bound else { return nil }
    let manager = OpaquePointer(bound)
    let toplevels = WaylandToplevels(manager: manager)
    _ = zwlr_foreign_toplevel_manager_v1_add_listener(
      manager, ToplevelTables.manager, Unmanaged.passUnretained(toplevels).toOpaque())
    return toplevels
  }

  /// Asks the compositor to stop, and lets the proxy go (the connection is closing).
  static func stopToplevelManager(_ manager: OpaquePointer) {
    zwlr_foreign_toplevel_manager_v1_stop(manager)
    wl_proxy_destroy(manager)
  }

  /// After `finished` the compositor destroyed the manager: the proxy alone is left.
  static func destroyToplevelManagerProxy(_ manager: OpaquePointer) { wl_proxy_destroy(manager) }

  static func destroyToplevel(_ handle: OpaquePointer) {
    zwlr_foreign_toplevel_handle_v1_destroy(handle)
  }
}

/// The listener tables (see WaylandCalls.swift's `Tables`): the manager's data is the
/// `WaylandToplevels`, each handle's its `Toplevel`, which the `WaylandToplevels` keeps until
/// the handle is closed.
private enum ToplevelTables {
  nonisolated(unsafe) static let manager = table(
    zwlr_foreign_toplevel_manager_v1_listener(
      toplevel: { data, _, handle in
        guard let data, let handle else { return }
        let owner = Unmanaged<WaylandToplevels>.fromOpaque(data).takeUnretainedValue()
        let toplevel = owner.added(handle)
        _ = zwlr_foreign_toplevel_handle_v1_add_listener(
          handle, ToplevelTables.handle, Unmanaged.passUnretained(toplevel).toOpaque())
      },
      finished: { data, _ in
        guard let data else { return }
        Unmanaged<WaylandToplevels>.fromOpaque(data).takeUnretainedValue().finished()
      }))

  nonisolated(unsafe) static let handle = table(
    zwlr_foreign_toplevel_handle_v1_listener(
      title: { _, _, _ in },
      app_id: { _, _, _ in },
      output_enter: { _, _, _ in },
      output_leave: { _, _, _ in },
      state: { data, _, array in
        guard let data, let array else { return }
        let count = array.pointee.size / MemoryLayout<UInt32>.size
        let values: [UInt32] =
          array.pointee.data.map { base in
            let first = base.assumingMemoryBound(to: UInt32.self)
            return Array(UnsafeBufferPointer(start: first, count: count))
          } ?? []
        toplevel(data).pending = ToplevelState(protocolValues: values)
      },
      done: { data, _ in
        guard let data else { return }
        toplevel(data).done()
      },
      closed: { data, _ in
        guard let data else { return }
        let toplevel = toplevel(data)
        toplevel.owner.closed(toplevel)
      },
      parent: { _, _, _ in }))

  private static func toplevel(_ data: UnsafeMutableRawPointer) -> WaylandToplevels.Toplevel {
    Unmanaged<WaylandToplevels.Toplevel>.fromOpaque(data).takeUnretainedValue()
  }

  private static func table<Listener>(_ listener: Listener) -> UnsafeMutablePointer<Listener> {
    let table = UnsafeMutablePointer<Listener>.allocate(capacity: 1)
    table.initialize(to: listener)
    return table
  }
}
