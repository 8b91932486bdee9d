import Desktop
import Locking

/// What the strip's desktop controls do, carried to the window loop.
enum StripCommand: Sendable, Equatable {
  case show
  case hide
  case setLocked(Bool)
}

/// The windowed player's strip as the desktop controls it (`DesktopStripControl`): whether it is
/// shown and locked, read by the bus thread under a lock, and the commands posted to the window
/// loop through `perform`.
///
/// The locked state changes here at once (so a second `toggle-lock` right after the first sees
/// it), then the loop tells the strip. Shown follows the strip itself: the loop reports it with
/// `noteShown` as the picture-in-picture controller starts and stops it.
public final class StripDesktopState: DesktopStripControl {
  private struct State {
    var shown = false
    var locked: Bool
    var listeners: [@Sendable () -> Void] = []
  }
  private let state: Mutex<State>
  private let perform: @Sendable (StripCommand) -> Void

  init(locked: Bool, perform: @escaping @Sendable (StripCommand) -> Void) {
    state = Mutex(State(locked: locked))
    self.perform = perform
  }

  public var isShown: Bool { state.withLock { $0.shown } }
  public var isLocked: Bool { state.withLock { $0.locked } }

  public func show() { perform(.show) }
  public func hide() { perform(.hide) }

  public func setLocked(_ locked: Bool) {
    let changed = state.withLock { state in
      defer { state.locked = locked }
      return state.locked != locked
    }
    guard changed else { return }
    perform(.setLocked(locked))
    notify()
  }

  /// Calls `listener` (on any thread) after each change of shown or locked.
  public func onChange(_ listener: @escaping @Sendable () -> Void) {
    state.withLock { $0.listeners.append(listener) }
  }

  /// The window loop: the strip went on or off screen.
  func noteShown(_ shown: Bool) {
    let changed = state.withLock { state in
      defer { state.shown = shown }
      return state.shown != shown
    }
    if changed { notify() }
  }

  private func notify() {
    for listener in state.withLock({ $0.listeners }) { listener() }
  }
}
