/// What the strip's show/hide rules need of one other window (a toplevel) of the desktop, as
/// wlroots' foreign-toplevel management (`zwlr_foreign_toplevel_handle_v1.state`) says it.
public struct ToplevelState: OptionSet, Equatable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  /// The window has the focus.
  public static let activated = ToplevelState(rawValue: 1 << 0)
  public static let fullscreen = ToplevelState(rawValue: 1 << 1)

  /// The protocol's state array (its `state` enum's values: maximized 0, minimized 1,
  /// activated 2, fullscreen 3); values it does not know are left out.
  public init(protocolValues: [UInt32]) {
    self = []
    for value in protocolValues {
      switch value {
      case 2: insert(.activated)
      case 3: insert(.fullscreen)
      default: break
      }
    }
  }
}

/// The desktop's other windows while their events arrive, for the one fact the strip wants:
/// whether the active window is fullscreen (what `hide-when-fullscreen` follows; the same
/// question the X11 strip asks of `_NET_ACTIVE_WINDOW`). A toplevel's state counts from its
/// `done`, which ends a batch of its events. The strip's own surfaces are layer surfaces, never
/// toplevels, so they are not among them.
final class WaylandToplevels {
  /// One toplevel: its handle and its state, current and pending until the next `done`.
  final class Toplevel {
    let proxy: OpaquePointer
    var pending: ToplevelState?
    private(set) var current: ToplevelState = []
    unowned let owner: WaylandToplevels

    init(proxy: OpaquePointer, owner: WaylandToplevels) {
      self.proxy = proxy
      self.owner = owner
    }

    func done() {
      if let pending { current = pending }
      pending = nil
      owner.changed()
    }
  }

  private(set) var manager: OpaquePointer?
  private(set) var toplevels: [Toplevel] = []
  /// The fact as last taken by `takeFullscreenChange()`.
  private var told = false
  private var changedSinceTaken = false

  init(manager: OpaquePointer) { self.manager = manager }

  /// Whether the compositor still tells about its windows (it may say `finished`).
  var isWatching: Bool { manager != nil }

  /// Whether a window that has the focus is fullscreen now.
  var activeWindowIsFullscreen: Bool {
    toplevels.contains { $0.current.contains([.activated, .fullscreen]) }
  }

  /// The fact, when it changed since the last call; nil when it did not.
  func takeFullscreenChange() -> Bool? {
    guard changedSinceTaken else { return nil }
    changedSinceTaken = false
    let now = activeWindowIsFullscreen
    guard now != told else { return nil }
    told = now
    return now
  }

  // MARK: Events (from WaylandCalls' listeners while dispatching)

  func added(_ proxy: OpaquePointer) -> Toplevel {
    let toplevel = Toplevel(proxy: proxy, owner: self)
    toplevels.append(toplevel)
    return toplevel
  }

  func closed(_ toplevel: Toplevel) {
    toplevels.removeAll { $0 === toplevel }
    WaylandCalls.destroyToplevel(toplevel.proxy)
    changed()
  }

  /// The compositor is done with the manager (and has destroyed it): only the proxy is left.
  func finished() {
    if let manager { WaylandCalls.destroyToplevelManagerProxy(manager) }
    manager = nil
  }

  fileprivate func changed() { changedSinceTaken = true }

  /// Lets every handle and the manager go (the connection closes).
  func release() {
    for toplevel in toplevels { WaylandCalls.destroyToplevel(toplevel.proxy) }
    toplevels = []
    if let manager { WaylandCalls.stopToplevelManager(manager) }
    manager = nil
  }
}
