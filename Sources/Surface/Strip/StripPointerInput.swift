/// The pointer on a canvas strip, as its sink's owner saw it (the native Wayland surface has
/// its own seat: no SDL event reaches the strip). Coordinates are window coordinates, the
/// strip's top-left corner 0,0.
public enum StripPointerInput: Equatable, Sendable {
  case entered(x: Int, y: Int)
  case left
  case moved(x: Int, y: Int)
  /// The left button went down; `clicks` 2 is a double-click (the owner counts them: Wayland
  /// sends presses, not clicks).
  case leftPressed(x: Int, y: Int, clicks: Int)
  case leftReleased
}

extension FloatingWindow {
  /// The pointer input of a canvas strip, handled as SDL's is for a windowed one: press and drag,
  /// a double-click back to the main window, the controls, the fade on hover.
  public func handlePointer(_ input: StripPointerInput) {
    switch input {
    case .entered(let x, let y):
      handle(.window(.pointerEntered))
      handle(.pointerMoved(x: Int32(clamping: x), y: Int32(clamping: y)))
    case .left:
      handle(.window(.pointerLeft))
    case .moved(let x, let y):
      handle(.pointerMoved(x: Int32(clamping: x), y: Int32(clamping: y)))
    case .leftPressed(let x, let y, let clicks):
      handle(.buttonDown(.left, x: Int32(clamping: x), y: Int32(clamping: y), clicks: clicks))
    case .leftReleased:
      handle(.buttonUp(.left, x: 0, y: 0))
    }
    eventsHandled()
  }
}
