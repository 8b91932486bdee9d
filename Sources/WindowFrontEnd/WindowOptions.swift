/// What the windows read of a run's flags, and nothing more: the app resolves its flags and the
/// settings file, and passes the few values the windows act on (not the flags themselves).
public struct WindowOptions: Sendable {
  /// `follow`: the strip alone, shown and hidden with the followed player; no main window.
  public var followsPlayer = false
  /// `--pip`: the strip comes first, once the first track plays.
  public var pip = false
  /// `--offset` (ms): the run's own offset, kept apart from the live changes saved per track.
  public var offsetMs = 0
  /// `--quit-at-end`: the windows close when the last track ends.
  public var quitsAtEnd = false
  /// `--screenshot`: the first window that shows a line is saved there as a picture.
  public var screenshotPath: String?

  public init(
    followsPlayer: Bool = false, pip: Bool = false, offsetMs: Int = 0, quitsAtEnd: Bool = false,
    screenshotPath: String? = nil
  ) {
    self.followsPlayer = followsPlayer
    self.pip = pip
    self.offsetMs = offsetMs
    self.quitsAtEnd = quitsAtEnd
    self.screenshotPath = screenshotPath
  }
}
