/// A window that the loop feeds with input and asks to draw.
///
/// Input goes through one skeleton, `handle(_:)`, the same for both windows: the keys that act
/// on the player become `SurfaceIntent`s here, everything else goes to the window's own
/// handlers (those it does not need default to doing nothing).
@WindowLoop protocol LoopWindow: AnyObject {
  var windowID: UInt32 { get }
  /// Where the player keys' intents go.
  var onIntent: ((SurfaceIntent) -> Void)? { get }
  /// A key pressed that is not one of the player keys (`SurfaceIntent.playerKey`).
  func keyPressed(_ key: WindowInput.Key)
  /// The left button went down at x, y (window coordinates); `clicks` 2 is a double-click.
  func leftButtonPressed(x: Int32, y: Int32, clicks: Int)
  func leftButtonReleased()
  func pointerMoved(x: Int32, y: Int32)
  /// The wheel turned by `rows`, positive towards the user (down the list), with the pointer at
  /// x, y (window coordinates).
  func wheelScrolled(rows: Int, x: Int32, y: Int32)
  func windowChanged(_ change: WindowInput.WindowChange)
  /// The next instant at which the window's picture may change by itself (a fill or fade frame,
  /// a line change, a notice running out); nil when nothing moves.
  func nextDeadline(nowNanos: Int64) -> Int64?
  /// Draws when what the window would show differs from what it last presented.
  func drawIfNeeded(nowNanos: Int64)
  /// Called once the events at hand have all been handled.
  func eventsHandled()
}

extension LoopWindow {
  func leftButtonReleased() {}
  func pointerMoved(x: Int32, y: Int32) {}
  func wheelScrolled(rows: Int, x: Int32, y: Int32) {}
  func eventsHandled() {}

  func handle(_ input: WindowInput) {
    switch input {
    case .keyDown(let key, let modifiers):
      if let intent = SurfaceIntent.playerKey(key, modifiers) {
        onIntent?(intent)
      } else {
        keyPressed(key)
      }
    case .buttonDown(.left, let x, let y, let clicks):
      leftButtonPressed(x: x, y: y, clicks: clicks)
    case .buttonUp(.left, _, _):
      leftButtonReleased()
    case .buttonDown, .buttonUp:
      break
    case .pointerMoved(let x, let y):
      pointerMoved(x: x, y: y)
    case .wheel(let dy, let x, let y):
      wheelScrolled(rows: -Int(dy), x: x, y: y)
    case .window(let change):
      windowChanged(change)
    case .dropped(let path):
      onIntent?(.addToQueue(paths: [path]))
    }
  }
}
