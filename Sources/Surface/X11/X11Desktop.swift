internal import CX11
internal import CXrandr
import Session

/// The Xlib calls that read the desktop around the strip: the monitors (RandR), the scale the
/// user set (`Xft.dpi`), the active window and whether it is fullscreen (EWMH). Each takes the
/// connection it is to use: the loop's (SDL's) on the loop thread, or the desktop watch's own on
/// its thread; none holds a lock. (Whether a compositor runs is `X11.hasCompositor`.)
enum X11Desktop {
  /// The monitors of the default screen: RandR 1.5 monitors (every active output, and those
  /// `xrandr --setmonitor` made), else the whole screen as one monitor named `screen`.
  static func monitors(display: OpaquePointer) -> [ScreenMonitor] {
    let root = XDefaultRootWindow(display)
    var eventBase: Int32 = 0
    var errorBase: Int32 = 0
    if XRRQueryExtension(display, &eventBase, &errorBase) != 0 {
      var count: Int32 = 0
      if let list = XRRGetMonitors(display, root, True, &count) {
        defer { XRRFreeMonitors(list) }
        let found = UnsafeBufferPointer(start: list, count: Int(max(0, count))).map { info in
          ScreenMonitor(
            name: atomName(display: display, info.name) ?? "monitor", x: Int(info.x),
            y: Int(info.y), width: Int(info.width), height: Int(info.height))
        }
        if !found.isEmpty { return found }
      }
    }
    let screen = XDefaultScreen(display)
    return [
      ScreenMonitor(
        name: "screen", x: 0, y: 0, width: Int(XDisplayWidth(display, screen)),
        height: Int(XDisplayHeight(display, screen)))
    ]
  }

  /// The X resource database's text as the server holds it (the RESOURCE_MANAGER property that
  /// `xrdb` sets), read fresh; nil when none was set.
  static func resources(display: OpaquePointer) -> String? {
    let root = XDefaultRootWindow(display)
    let property = XInternAtom(display, "RESOURCE_MANAGER", False)
    let bytes: [UInt8]? = readProperty(display: display, window: root, property, as: UInt8.self)
    return bytes.map { String(decoding: $0, as: UTF8.self) }
  }

  /// The window the window manager says is active (`_NET_ACTIVE_WINDOW` on the root); 0: none.
  static func activeWindow(display: OpaquePointer) -> UInt {
    let root = XDefaultRootWindow(display)
    let property = XInternAtom(display, "_NET_ACTIVE_WINDOW", False)
    let ids: [UInt]? = readProperty(display: display, window: root, property, as: UInt.self)
    return ids?.first ?? 0
  }

  /// Whether `window`'s `_NET_WM_STATE` holds `_NET_WM_STATE_FULLSCREEN`.
  static func isFullscreen(display: OpaquePointer, window: UInt) -> Bool {
    guard window != 0 else { return false }
    let property = XInternAtom(display, "_NET_WM_STATE", False)
    let fullscreen = XInternAtom(display, "_NET_WM_STATE_FULLSCREEN", False)
    let atoms: [UInt]? = readProperty(display: display, window: window, property, as: UInt.self)
    return atoms?.contains(UInt(fullscreen)) ?? false
  }

  /// Asks for the events the desktop watch follows: property changes on the root (the active
  /// window, the resources), its size and RandR's screen changes (monitors added or removed).
  /// Returns the type of RandR's screen-change event; nil when the server has no RandR.
  static func watchRoot(display: OpaquePointer) -> Int32? {
    let root = XDefaultRootWindow(display)
    _ = XSelectInput(display, root, PropertyChangeMask | StructureNotifyMask)
    var eventBase: Int32 = 0
    var errorBase: Int32 = 0
    guard XRRQueryExtension(display, &eventBase, &errorBase) != 0 else { return nil }
    XRRSelectInput(display, root, Int32(RRScreenChangeNotifyMask))
    return eventBase + RRScreenChangeNotify
  }

  /// Follows (or, with `watching` false, stops following) a window's property changes and its
  /// end (DestroyNotify: a killed fullscreen window may stay `_NET_ACTIVE_WINDOW` for a while).
  /// A window that is gone gives BadWindow, which the lenient error handler drops.
  static func watchProperties(display: OpaquePointer, window: UInt, _ watching: Bool) {
    guard window != 0 else { return }
    let mask = watching ? PropertyChangeMask | StructureNotifyMask : NoEventMask
    _ = XSelectInput(display, Window(window), mask)
  }

  private static func atomName(display: OpaquePointer, _ atom: Atom) -> String? {
    guard atom != 0, let name = XGetAtomName(display, atom) else { return nil }
    defer { _ = XFree(name) }
    return String(cString: name)
  }

  /// A property's items (8-bit as bytes, 32-bit as Xlib's longs), up to 64 KiB of them.
  private static func readProperty<Item>(
    display: OpaquePointer, window: UInt, _ property: Atom, as: Item.Type
  ) -> [Item]? {
    var type: Atom = 0
    var format: Int32 = 0
    var count: UInt = 0
    var remaining: UInt = 0
    var data: UnsafeMutablePointer<UInt8>?
    let status = XGetWindowProperty(
      display, Window(window), property, 0, 16_384, False, Atom(AnyPropertyType), &type, &format,
      &count, &remaining, &data)
    guard status == Success, let data else { return nil }
    defer { _ = XFree(data) }
    let itemSize = format == 32 ? MemoryLayout<UInt>.size : Int(format) / 8
    guard type != 0, itemSize == MemoryLayout<Item>.size else { return nil }
    return data.withMemoryRebound(to: Item.self, capacity: Int(count)) {
      Array(UnsafeBufferPointer(start: $0, count: Int(count)))
    }
  }
}
