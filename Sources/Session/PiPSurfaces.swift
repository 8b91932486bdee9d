/// What the session manager needs from the windows. `Surface` implements these with SDL; tests
/// and virtual-time scripts use stand-ins. No SDL type crosses this boundary.

/// The floating lyric strip (the picture-in-picture surface).
public protocol FloatingSurface: AnyObject {
  /// Creates the window ahead of time, hidden, so that showing it later is quick.
  func prepare() throws
  /// Shows the strip on top of every window. Throws `SurfaceError` when it cannot be shown or
  /// cannot be kept on top (the session reports that as failedToStart with the reason).
  func show() throws
  /// Hides the strip (it stays created for the next entry).
  func hide()
  /// Whether the strip is on screen now.
  var isShown: Bool { get }
  /// The strip's size in pixels, for didTransitionToRenderSize.
  var renderSize: (width: Int, height: Int) { get }
  /// Locks or unlocks the strip (the user's `locked` state, from the tray, `lyricpip ctl` or the
  /// settings, the main window's lock button, the global shortcut). Locked, the strip lets the
  /// pointer through to the window below, except on its unlock handle.
  func setLocked(_ locked: Bool)
  /// An entry may follow soon (a focus loss waits out its grace): the strip may make now, while
  /// nothing waits for it, what its first frame would otherwise make during the entry.
  func readyForEntry()
}

extension FloatingSurface {
  /// Stand-ins (a script's windows, the tests' fakes) have nothing to lock; the real strip
  /// (`FloatingWindow`) implements this.
  public func setLocked(_ locked: Bool) {}
  /// Stand-ins have nothing to make ahead.
  public func readyForEntry() {}
}

/// The main player window.
public protocol MainSurface: AnyObject {
  /// Brings the main window to the front with focus, un-minimised, its lyric list scrolled to
  /// `line` (-1: the top).
  func restore(scrolledTo line: Int)
}

/// Why a surface could not do what was asked, in words for the user and the event stream.
public struct SurfaceError: Error, Equatable, Sendable {
  public var reason: String
  public init(_ reason: String) { self.reason = reason }
}

/// What the windows tell the session: focus and minimise changes of the main window, and the
/// user asking to go back from the strip.
public enum SurfaceEvent: Equatable, Sendable {
  case mainFocusLost
  case mainFocusGained
  case mainMinimized
  case mainRestored
  /// Double-click on the strip, or Esc while it has focus.
  case stripRestoreRequested
  /// The strip's close control, where controls are shown.
  case stripCloseRequested
}
