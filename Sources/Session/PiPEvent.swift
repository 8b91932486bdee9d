/// One step of the picture-in-picture lifecycle, as the delegate and the `--events` stream see it:
/// `{"event":"pip","state":"didStart","reason":"focus-lost"}`.
public struct PiPEvent: Equatable, Sendable {
  public enum Transition: String, CaseIterable, Equatable, Sendable {
    case willStart
    case didStart
    case failedToStart
    case willStop
    case didStop
    /// The user asked to go back: the main window is being restored (between willStop and
    /// didStop, as AVKit orders it).
    case restore
  }

  public var transition: Transition
  /// What caused it (a `PiPCause` raw value), or for failedToStart, why it failed.
  public var reason: String

  public init(_ transition: Transition, reason: String) {
    self.transition = transition
    self.reason = reason
  }
}

/// What started or stopped the strip, as written in the events' `reason`.
public enum PiPCause: String, Equatable, Sendable {
  /// The main window lost focus and the grace passed.
  case focusLost = "focus-lost"
  /// The main window was minimised.
  case minimized
  /// The program or the user asked directly (`start()`/`stop()`, `--pip`, the P key).
  case user
  /// The main window got the focus back.
  case focusGained = "focus-gained"
  /// The main window was un-minimised.
  case unminimized
  /// Double-click or Esc on the strip.
  case strip
  /// The strip's close control.
  case closed
}
