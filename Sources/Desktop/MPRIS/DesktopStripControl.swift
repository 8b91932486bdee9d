/// The floating lyric strip as the desktop controls it: the tray menu, `lyricpip ctl`, and the
/// `Locked` property of `org.lyricpip.Lyrics1`. The app implements it over its windows.
///
/// Threads: called on the bus thread; an implementation reads its state under a lock and only
/// posts the commands to its window loop (it never waits for the windows).
public protocol DesktopStripControl: AnyObject, Sendable {
  /// Whether the strip is on screen.
  var isShown: Bool { get }
  /// Whether the strip is locked (the user's `locked` state).
  var isLocked: Bool { get }
  /// Shows the strip (and ends a `hide`).
  func show()
  /// Hides the strip until `show`, whatever the main window does meanwhile.
  func hide()
  func setLocked(_ locked: Bool)
}
