/// Whether this desktop can show a picture-in-picture strip at all, and if not, why.
///
/// The facts come in as values (the app reads them from the environment and the window helper),
/// so tests can fake a Wayland session or a missing window manager without having one.
public struct DesktopFacts: Equatable, Sendable {
  /// `DISPLAY`: an X server (or XWayland) that SDL can open windows on.
  public var x11Display: String?
  /// `WAYLAND_DISPLAY`: a Wayland compositor.
  public var waylandDisplay: String?
  /// Whether the window manager keeps a window above the others (`_NET_WM_STATE_ABOVE` in
  /// `_NET_SUPPORTED`); true when not known to fail.
  public var windowManagerKeepsOnTop: Bool

  public init(x11Display: String?, waylandDisplay: String?, windowManagerKeepsOnTop: Bool = true) {
    self.x11Display = x11Display
    self.waylandDisplay = waylandDisplay
    self.windowManagerKeepsOnTop = windowManagerKeepsOnTop
  }

  /// The facts of a process environment; empty variables count as unset.
  public static func from(
    environment: [String: String], windowManagerKeepsOnTop: Bool = true
  ) -> DesktopFacts {
    func value(_ name: String) -> String? {
      guard let text = environment[name], !text.isEmpty else { return nil }
      return text
    }
    return DesktopFacts(
      x11Display: value("DISPLAY"), waylandDisplay: value("WAYLAND_DISPLAY"),
      windowManagerKeepsOnTop: windowManagerKeepsOnTop)
  }
}

/// The verdict on `DesktopFacts`: supported, or not with a reason in words.
public struct PiPSupport: Equatable, Sendable {
  public var isSupported: Bool
  /// Why the strip cannot be shown; nil when supported.
  public var reason: String?

  public static let supported = PiPSupport(isSupported: true, reason: nil)

  public static func unsupported(_ reason: String) -> PiPSupport {
    PiPSupport(isSupported: false, reason: reason)
  }

  public init(isSupported: Bool, reason: String?) {
    self.isSupported = isSupported
    self.reason = reason
  }

  /// SDL keeps a window on top only through X11 (XWayland included): a Wayland client cannot ask
  /// the compositor for "always on top", so a pure Wayland session is not supported.
  public init(facts: DesktopFacts) {
    if facts.x11Display == nil {
      if facts.waylandDisplay != nil {
        self = .unsupported(
          "a pure Wayland session cannot keep a window on top (no XWayland: DISPLAY is not set)")
      } else {
        self = .unsupported("no display (neither DISPLAY nor WAYLAND_DISPLAY is set)")
      }
    } else if !facts.windowManagerKeepsOnTop {
      self = .unsupported("the window manager does not keep windows on top")
    } else {
      self = .supported
    }
  }
}
