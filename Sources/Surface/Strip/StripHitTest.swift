/// Answers SDL's hit test for the strip: the edges resize (the window manager does it), the rest
/// is left to the window, which drags itself on press-and-move. `SDL.setHitTest` installs it.
///
/// Why the inside is not handed to the window manager for moving (SDL's "draggable"): that hands
/// every press to the window manager as a move, so the window never sees clicks (no
/// double-click), and a quick click whose release comes before openbox grabs the pointer leaves
/// openbox in move mode, eating the next clicks and the Escape key (seen in the tests with
/// `xdotool click`).
final class StripHitTest {
  /// Where a point of the window is: inside, or on an edge or corner that resizes.
  enum Region: Equatable {
    case inside
    case topLeft
    case top
    case topRight
    case right
    case bottomRight
    case bottom
    case bottomLeft
    case left
  }

  var width: Int32 = 0
  var height: Int32 = 0
  var edge: Int32 = 8
  var buttonRects: [PixelRect] = []
  /// A locked strip is not resized: no edge goes to the window manager.
  var isLocked = false

  func region(atX x: Int32, y: Int32) -> Region {
    if isLocked { return .inside }
    if buttonRects.contains(where: { $0.contains(x: x, y: y) }) { return .inside }
    let left = x < edge
    let right = x >= width - edge
    let top = y < edge
    let bottom = y >= height - edge
    switch (left, right, top, bottom) {
    case (true, _, true, _): return .topLeft
    case (_, true, true, _): return .topRight
    case (true, _, _, true): return .bottomLeft
    case (_, true, _, true): return .bottomRight
    case (true, _, _, _): return .left
    case (_, true, _, _): return .right
    case (_, _, true, _): return .top
    case (_, _, _, true): return .bottom
    // The inside is the window's own: it drags the strip itself (see FloatingWindow+Input).
    default: return .inside
    }
  }
}
