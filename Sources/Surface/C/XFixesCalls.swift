internal import CX11
internal import CXfixes

/// The module's XFixes calls: being told, as an X event, when a selection changes owner. The
/// desktop watch follows the compositing manager's selection (`_NET_WM_CM_Sn`) this way, so a
/// compositor that starts or ends is seen at once.
///
/// The notices are read on the desktop watch's connection: SDL reads every event of its own
/// connection and keeps XFixes selection notices to itself (it uses them for the clipboard), so
/// they never reach the loop as window-system events.
enum XFixes {
  /// The compositing manager's selection as watched on one connection: its atom, and the type of
  /// the events that say it changed owner.
  struct CompositorSelection {
    let atom: Atom
    let noticeType: Int32

    /// Whether someone owns the selection now (a compositing manager runs).
    func isOwned(display: OpaquePointer) -> Bool {
      XGetSelectionOwner(display, atom) != 0
    }
  }

  /// Asks the server to send `display` an event whenever the compositor's selection changes
  /// owner (taken, let go, its owner's window or client gone). nil when the server has no
  /// XFixes.
  static func watchCompositorSelection(display: OpaquePointer) -> CompositorSelection? {
    var eventBase: Int32 = 0
    var errorBase: Int32 = 0
    guard XFixesQueryExtension(display, &eventBase, &errorBase) != 0 else { return nil }
    var major: Int32 = 5
    var minor: Int32 = 0
    // The client must say which version it speaks before the requests work.
    _ = XFixesQueryVersion(display, &major, &minor)
    let atom = XInternAtom(display, "_NET_WM_CM_S\(XDefaultScreen(display))", False)
    let mask =
      XFixesSetSelectionOwnerNotifyMask | XFixesSelectionWindowDestroyNotifyMask
      | XFixesSelectionClientCloseNotifyMask
    XFixesSelectSelectionInput(display, XDefaultRootWindow(display), atom, UInt(mask))
    return CompositorSelection(atom: atom, noticeType: eventBase + XFixesSelectionNotify)
  }
}
