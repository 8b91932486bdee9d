/// Whether the strip is on screen while picture-in-picture is active: the show/hide settings
/// (`hide-when-paused`, `hide-when-fullscreen`) hold it back without ending picture-in-picture,
/// so the `pip` events stay as they are. `lyricpip follow`'s strip comes and goes the same way,
/// with the followed player (`setFollowed`). Pure: the app tells it what changed and writes the
/// `strip` events it returns.
public struct StripVisibility: Equatable, Sendable {
  /// A change of what is on screen: `shown` true or false, and why.
  public struct Change: Equatable, Sendable {
    public var shown: Bool
    public var reason: String

    public init(shown: Bool, reason: String) {
      self.shown = shown
      self.reason = reason
    }
  }

  /// Why a strip that picture-in-picture wants up is not on screen.
  public enum HoldBack: String, Equatable, Sendable {
    case fullscreen
    /// `lyricpip follow`: put away by the user (the tray, `ctl hide`, a double-click) until
    /// the next track or `show`.
    case user
    /// `lyricpip follow`: the followed player stopped or went away, or its track has no lyrics.
    case idle
    case paused
  }

  public var hideWhenPaused: Bool
  public var hideWhenFullscreen: Bool
  public private(set) var pipActive = false
  public private(set) var paused = false
  public private(set) var fullscreen = false
  public private(set) var idle = false
  public private(set) var putAway = false

  public init(hideWhenPaused: Bool = false, hideWhenFullscreen: Bool = true) {
    self.hideWhenPaused = hideWhenPaused
    self.hideWhenFullscreen = hideWhenFullscreen
  }

  /// What keeps the strip off screen now; nil when nothing does. A fullscreen window goes
  /// first: it is the reason that outlasts a pause.
  public var heldBackBy: HoldBack? {
    if hideWhenFullscreen && fullscreen { return .fullscreen }
    if putAway { return .user }
    if idle { return .idle }
    if hideWhenPaused && paused { return .paused }
    return nil
  }

  /// Whether the strip is on screen.
  public var isOnScreen: Bool { pipActive && heldBackBy == nil }

  /// Picture-in-picture started (`reason` is the `pip` event's): shown, or hidden at once with
  /// what holds it back, so a script always learns where the strip is.
  public mutating func pipStarted(reason: String) -> Change {
    pipActive = true
    if let held = heldBackBy { return Change(shown: false, reason: held.rawValue) }
    return Change(shown: true, reason: reason)
  }

  /// Picture-in-picture ended: hidden with the `pip` event's reason, when it was on screen.
  public mutating func pipStopped(reason: String) -> Change? {
    let wasOnScreen = isOnScreen
    pipActive = false
    return wasOnScreen ? Change(shown: false, reason: reason) : nil
  }

  /// The player paused (true) or plays again (false).
  public mutating func setPaused(_ paused: Bool) -> Change? {
    change(shownBecause: "playing") { $0.paused = paused }
  }

  /// The active window became fullscreen (true) or no longer is (false).
  public mutating func setFullscreen(_ fullscreen: Bool) -> Change? {
    change(shownBecause: "fullscreen-ended") { $0.fullscreen = fullscreen }
  }

  /// `lyricpip follow`: what the followed player gives the strip to show: nothing (`idle`:
  /// stopped, gone, no lyrics), and whether the user put the strip away.
  public mutating func setFollowed(idle: Bool, putAway: Bool) -> Change? {
    change(shownBecause: putAway != self.putAway ? "user" : "playing") {
      $0.idle = idle
      $0.putAway = putAway
    }
  }

  private mutating func change(shownBecause reason: String, _ update: (inout Self) -> Void)
    -> Change?
  {
    let before = isOnScreen
    update(&self)
    guard pipActive, before != isOnScreen else { return nil }
    if let held = heldBackBy { return Change(shown: false, reason: held.rawValue) }
    return Change(shown: true, reason: reason)
  }
}
