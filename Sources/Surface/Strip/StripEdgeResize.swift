import Session

/// A resize by hand where no window manager does it (the native Wayland layer surface): the
/// press on an edge or corner (`StripHitTest.Region`) and the strip's frame then; each pointer
/// position gives the new frame, the aspect kept as `StripGeometry.constrained` keeps it for a
/// window manager's resize, and the edges opposite the one held staying where they were.
struct StripEdgeResize {
  let region: StripHitTest.Region
  /// The pointer on the desktop at the press.
  let pointer: (x: Int, y: Int)
  let start: WindowGeometry

  /// The frame for the pointer at `x`, `y` on the desktop.
  func frame(pointerX x: Int, y: Int, geometry: StripGeometry) -> WindowGeometry {
    let dx = x - pointer.x
    let dy = y - pointer.y
    var width = start.width
    var height = start.height
    switch region {
    case .left, .topLeft, .bottomLeft: width -= dx
    case .right, .topRight, .bottomRight: width += dx
    case .inside, .top, .bottom: break
    }
    switch region {
    case .top, .topLeft, .topRight: height -= dy
    case .bottom, .bottomLeft, .bottomRight: height += dy
    case .inside, .left, .right: break
    }
    let wanted = geometry.constrained(
      width: max(1, width), height: max(1, height), previousWidth: start.width,
      previousHeight: start.height)
    var frame = WindowGeometry(
      x: start.x, y: start.y, width: wanted.width, height: wanted.height)
    // Held on the left or the top: the right or bottom edge stays.
    switch region {
    case .left, .topLeft, .bottomLeft: frame.x = start.x + start.width - wanted.width
    default: break
    }
    switch region {
    case .top, .topLeft, .topRight: frame.y = start.y + start.height - wanted.height
    default: break
    }
    return frame
  }
}
