internal import CX11
internal import CXext

/// The module's Xlib calls: a lenient X error handler and the handler of a lost server, asking the window manager to activate a
/// window on the user's behalf, the input region and focus hints of a locked strip, and the
/// global shortcut's key grab.
///
/// Xlib's default handler prints the error and exits the process, and SDL's chains to it. Some
/// errors are races we cannot prevent and that do no harm: SDL_SetWindowPosition asks for the
/// window manager's frame and then reads its coordinates, and openbox may have replaced the
/// frame in between (BadWindow, seen in the window tests). Ending the player for that would
/// lose the user's music; the handler ignores the error instead (Xlib only reports it).
@WindowLoop enum X11 {
  /// Made by the thread that makes the loop, with SDL, before the actor knows its thread.
  nonisolated static func installLenientErrorHandler() {
    _ = XSetErrorHandler { _, _ in 0 }
    // A lost connection (the X server went away) is another matter: see `DisplayLoss`. The
    // handler is the process's, for every connection (SDL's and the desktop watch's).
    _ = XSetIOErrorHandler { _ in DisplayLoss.displayLost() }
  }

  /// Asks the window manager to activate `window` (raise it and give it the focus) as a direct
  /// request of the user (EWMH `_NET_ACTIVE_WINDOW`, source 2).
  ///
  /// SDL_RaiseWindow sends the same message as an *application* (source 1) with the time of the
  /// last input on that window. When the user double-clicks the strip to go back, that input was
  /// on the strip, so the main window's time is older than the user's last action and openbox's
  /// focus-stealing prevention only raises the window, leaving the focus where it was. Going
  /// back is the user's own request, so we say so.
  static func requestActivation(display: OpaquePointer, window: UInt) {
    // source: a direct user action
    sendToWindowManager(
      display: display, window: window, "_NET_ACTIVE_WINDOW", [2, Int(CurrentTime), 0])
  }

  /// Asks the window manager to add `states` (`_NET_WM_STATE_SKIP_TASKBAR`, …) to the mapped
  /// `window`'s `_NET_WM_STATE` (EWMH: a mapped window's state changes by client message).
  ///
  /// A strip hidden and shown again soon can lose the state it wrote while unmapped: openbox
  /// erases `_NET_WM_STATE` when it lets the withdrawn window go, and under load it does that
  /// after the new state was written, then reads the erased property when it manages the window
  /// again. Sent once the window is mapped (SDL waits for the MapNotify, which comes after the
  /// window manager took the window), the messages come after all of that.
  static func addWindowStates(display: OpaquePointer, window: UInt, _ states: [String]) {
    for pair in stride(from: 0, to: states.count, by: 2) {
      let first = XInternAtom(display, states[pair], False)
      let second = pair + 1 < states.count ? XInternAtom(display, states[pair + 1], False) : 0
      // 1: _NET_WM_STATE_ADD; source 1: an application.
      sendToWindowManager(
        display: display, window: window, "_NET_WM_STATE", [1, Int(first), Int(second), 1])
    }
  }

  /// A 32-bit client message about `window` to the root, where the window manager reads it.
  private static func sendToWindowManager(
    display: OpaquePointer, window: UInt, _ type: String, _ data: [Int]
  ) {
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.display = display
    event.xclient.window = Window(window)
    event.xclient.message_type = XInternAtom(display, type, False)
    event.xclient.format = 32
    let items = data + [0, 0, 0, 0, 0]
    event.xclient.data.l = (items[0], items[1], items[2], items[3], items[4])
    let mask = SubstructureRedirectMask | SubstructureNotifyMask
    _ = XSendEvent(display, XDefaultRootWindow(display), False, mask, &event)
    _ = XFlush(display)
  }

  // MARK: - A locked strip

  /// Whether the server has the Shape extension (every X.Org server and Xvfb do).
  static func hasShapeExtension(display: OpaquePointer) -> Bool {
    var eventBase: Int32 = 0
    var errorBase: Int32 = 0
    return XShapeQueryExtension(display, &eventBase, &errorBase) != 0
  }

  /// Sets the part of `window` that takes the pointer to `rects` (window coordinates): outside
  /// them clicks, the wheel and the pointer go to the window below, as if the window were not
  /// there. nil gives the whole window back.
  static func setInputRegion(display: OpaquePointer, window: UInt, to rects: [PixelRect]?) {
    if let rects {
      var xRects = rects.map {
        XRectangle(
          x: Int16(clamping: $0.x), y: Int16(clamping: $0.y), width: UInt16(clamping: $0.w),
          height: UInt16(clamping: $0.h))
      }
      XShapeCombineRectangles(
        display, Window(window), ShapeInput, 0, 0, &xRects, Int32(xRects.count), ShapeSet,
        Unsorted)
    } else {
      // No mask: the input region is the window's own shape again.
      XShapeCombineMask(display, Window(window), ShapeInput, 0, 0, Pixmap(0), ShapeSet)
    }
    _ = XFlush(display)
  }

  /// Tells the window manager whether `window` wants the keyboard focus (ICCCM: WM_HINTS input
  /// and WM_TAKE_FOCUS in WM_PROTOCOLS). Without both, openbox never focuses it, also not when
  /// it is mapped. SDL sets both when it makes a window; taking focus again puts them back.
  static func setTakesFocus(_ takesFocus: Bool, display: OpaquePointer, window: UInt) {
    let window = Window(window)
    if let hints = XGetWMHints(display, window) ?? XAllocWMHints() {
      hints.pointee.flags |= InputHint
      hints.pointee.input = takesFocus ? True : False
      _ = XSetWMHints(display, window, hints)
      _ = XFree(hints)
    }
    let takeFocus = XInternAtom(display, "WM_TAKE_FOCUS", False)
    var list: UnsafeMutablePointer<Atom>?
    var count: Int32 = 0
    var protocols: [Atom] = []
    if XGetWMProtocols(display, window, &list, &count) != 0, let list {
      protocols = Array(UnsafeBufferPointer(start: list, count: Int(count)))
      _ = XFree(list)
    }
    protocols.removeAll { $0 == takeFocus }
    if takesFocus { protocols.append(takeFocus) }
    _ = XSetWMProtocols(display, window, &protocols, Int32(protocols.count))
    _ = XFlush(display)
  }

  // MARK: - A text-only strip

  /// Runs `body` with a connection of its own to the X server of `$DISPLAY`, for what must be
  /// known before SDL has a window (the visual to make it with); nil when there is no server.
  static func withOwnConnection<T>(_ body: (OpaquePointer) -> T) -> T? {
    guard let display = XOpenDisplay(nil) else { return nil }
    defer { _ = XCloseDisplay(display) }
    return body(display)
  }

  /// The selection a compositing manager owns while it runs (EWMH `_NET_WM_CM_S<screen>`).
  static func compositorSelection(display: OpaquePointer) -> UInt {
    UInt(XInternAtom(display, "_NET_WM_CM_S\(XDefaultScreen(display))", False))
  }

  /// Whether a compositing manager runs on the default screen: someone owns its selection.
  static func hasCompositor(display: OpaquePointer) -> Bool {
    XGetSelectionOwner(display, Atom(compositorSelection(display: display))) != 0
  }

  /// A 32-bit TrueColor visual of the default screen whose pixels keep an alpha channel (the
  /// bits no colour uses), for windows a compositing manager blends over the desktop; nil when
  /// the server has none.
  static func alphaVisualID(display: OpaquePointer) -> UInt? {
    var template = XVisualInfo()
    template.screen = XDefaultScreen(display)
    template.depth = 32
    template.`class` = TrueColor
    var count: Int32 = 0
    let mask = Int(VisualScreenMask | VisualDepthMask | VisualClassMask)
    guard let list = XGetVisualInfo(display, mask, &template, &count) else { return nil }
    defer { _ = XFree(list) }
    let visuals = UnsafeBufferPointer(start: list, count: Int(count))
    let withAlpha = visuals.first {
      ($0.red_mask | $0.green_mask | $0.blue_mask) & 0xFFFF_FFFF != 0xFFFF_FFFF
    }
    return withAlpha.map { UInt($0.visualid) }
  }

  /// Sets the window's bounding shape (what of it exists on screen, and takes the pointer) to
  /// the pixels of `bitmap` (X bitmap rows of `width`, as `AlphaMask.bitmap` makes them); nil
  /// gives the whole window back.
  static func setBoundingShape(
    display: OpaquePointer, window: UInt, bitmap: [UInt8]?, width: Int, height: Int
  ) {
    guard let bitmap, width > 0, height > 0 else {
      XShapeCombineMask(display, Window(window), ShapeBounding, 0, 0, Pixmap(0), ShapeSet)
      _ = XFlush(display)
      return
    }
    let pixmap = bitmap.withUnsafeBufferPointer { bytes in
      bytes.baseAddress.map { base in
        base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
          XCreateBitmapFromData(display, Window(window), $0, UInt32(width), UInt32(height))
        }
      } ?? 0
    }
    guard pixmap != 0 else { return }
    XShapeCombineMask(display, Window(window), ShapeBounding, 0, 0, pixmap, ShapeSet)
    _ = XFreePixmap(display, pixmap)
    _ = XFlush(display)
  }

  // MARK: - The global shortcut

  /// The lock modifiers a grab must also cover: with Caps Lock or Num Lock on, the server
  /// reports them in the state, and a grab for Ctrl+Alt alone would not match.
  private static let ignoredModifiers: [UInt32] = [
    0, UInt32(LockMask), UInt32(Mod2Mask), UInt32(LockMask | Mod2Mask),
  ]

  /// The X modifier mask of a shortcut's modifiers.
  static func modifierMask(_ modifiers: GlobalShortcut.Modifiers) -> UInt32 {
    var mask: Int32 = 0
    if modifiers.contains(.control) { mask |= ControlMask }
    if modifiers.contains(.alt) { mask |= Mod1Mask }
    if modifiers.contains(.shift) { mask |= ShiftMask }
    if modifiers.contains(.super) { mask |= Mod4Mask }
    return UInt32(mask)
  }

  /// The key code of a keysym name (`L`, `F12`, `space`); nil when the name or the key is not
  /// known to the server's keyboard map.
  static func keycode(display: OpaquePointer, keyName: String) -> UInt32? {
    let keysym = XStringToKeysym(keyName)
    guard keysym != 0 else { return nil }
    let code = XKeysymToKeycode(display, keysym)
    return code == 0 ? nil : UInt32(code)
  }

  /// Grabs `keycode` with `mask` on the root window, so its presses come to us whichever window
  /// has the focus. Another program holding the same grab makes the server refuse it; the
  /// lenient error handler keeps that from ending the player.
  static func grabKey(display: OpaquePointer, keycode: UInt32, mask: UInt32) {
    let root = XDefaultRootWindow(display)
    for extra in ignoredModifiers {
      _ = XGrabKey(display, Int32(keycode), mask | extra, root, True, GrabModeAsync, GrabModeAsync)
    }
    _ = XFlush(display)
  }

  static func ungrabKey(display: OpaquePointer, keycode: UInt32, mask: UInt32) {
    let root = XDefaultRootWindow(display)
    for extra in ignoredModifiers {
      _ = XUngrabKey(display, Int32(keycode), mask | extra, root)
    }
    _ = XFlush(display)
  }

  /// Whether a key press's state means `mask`, whatever the lock keys.
  static func stateMatches(_ state: UInt32, mask: UInt32) -> Bool {
    state & ~UInt32(LockMask | Mod2Mask) == mask
  }
}
