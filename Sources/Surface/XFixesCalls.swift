internal import CX11
internal import CXfixes

/// The module's XFixes calls: being told, as an X event, when a selection changes owner. The
/// text-only strip watches the compositing manager's selection this way, so a compositor that
/// starts or ends is seen at once, with no polling.
@WindowLoop enum XFixes {
  /// The event type XFixes selection notices come as on this connection; nil until `watch`.
  private(set) static var selectionNotifyType: Int32?

  /// Asks for a notice whenever `selection` gets a new owner or its owner goes. False when the
  /// server has no XFixes.
  static func watch(selection: UInt, display: OpaquePointer) -> Bool {
    var eventBase: Int32 = 0
    var errorBase: Int32 = 0
    guard XFixesQueryExtension(display, &eventBase, &errorBase) != 0 else { return false }
    var major: Int32 = 0
    var minor: Int32 = 0
    // The client must say which version it speaks before the requests work.
    _ = XFixesQueryVersion(display, &major, &minor)
    let mask =
      XFixesSetSelectionOwnerNotifyMask | XFixesSelectionWindowDestroyNotifyMask
      | XFixesSelectionClientCloseNotifyMask
    XFixesSelectSelectionInput(
      display, XDefaultRootWindow(display), Atom(selection), UInt(mask))
    _ = XFlush(display)
    selectionNotifyType = eventBase + XFixesSelectionNotify
    return true
  }
}
