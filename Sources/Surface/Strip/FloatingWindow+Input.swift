import Session

extension FloatingWindow {
  // MARK: - Input (dispatched by `LoopWindow.handle`)

  func keyPressed(_ key: WindowInput.Key) {
    if key == .escape { onEvent?(.stripRestoreRequested) }
    if key == .letter("l") { onIntent?(.toggleStripLock) }
  }

  /// A double-click goes back to the main window; a press on a control presses it; a press
  /// anywhere else starts a drag. Locked, only the unlock handle takes presses (the input
  /// region lets no others reach the strip; this also holds where that region is not set).
  func leftButtonPressed(x: Int32, y: Int32, clicks: Int) {
    if isLocked {
      if unlockHandle.contains(x: x, y: y) { onIntent?(.unlockStrip) }
      return
    }
    if clicks >= 2 {
      onEvent?(.stripRestoreRequested)
      return
    }
    if !pressButton(at: x, y), let host {
      let position = host.position
      if resizesByHand, case let region = hitTest.region(atX: x, y: y), region != .inside {
        edgeResize = StripEdgeResize(
          region: region, pointer: (Int(position.x + x), Int(position.y + y)),
          start: host.geometry)
        return
      }
      dragStart = ((position.x + x, position.y + y), position)
    }
  }

  func leftButtonReleased() {
    dragStart = nil
    edgeResize = nil
  }

  /// Whether the strip resizes itself on a press on its edge: a canvas strip has no window
  /// manager to do it (an SDL window's edges go to the window manager through the hit test).
  private var resizesByHand: Bool {
    if case .canvas = hostKind { return true }
    return false
  }

  /// Moves the strip with the pointer while the button is held (the pointer stays with the
  /// window that got the press, so motion keeps coming outside it too). The pointer's desktop
  /// position is the window's position plus the event's: SDL's global mouse state is not
  /// refreshed by every X server (Xvfb with XTEST input kept the press position).
  func pointerMoved(x: Int32, y: Int32) {
    if let edgeResize, let host {
      let position = host.position
      let frame = edgeResize.frame(
        pointerX: Int(position.x + x), y: Int(position.y + y), geometry: geometry)
      guard frame != host.geometry else { return }
      let old = host.size
      host.setFrame(frame)
      lastSize = host.size
      if old != lastSize { relayout() }
      return
    }
    guard let start = dragStart, let host else { return }
    let position = host.position
    let dx = position.x + x - start.pointer.x
    let dy = position.y + y - start.pointer.y
    host.move(x: start.window.x + dx, y: start.window.y + dy)
  }

  func windowChanged(_ change: WindowInput.WindowChange) {
    switch change {
    case .resized(let width, let height):
      sizeChanged(width: width, height: height)
    case .displayChanged:
      relayout()
    case .pointerEntered:
      hovering = true
      updateButtonRects()
      hoverChanged()
    case .pointerLeft:
      hovering = false
      hoverChanged()
    case .exposed:
      lastFrame = nil
    case .closeRequested:
      onEvent?(.stripCloseRequested)
    case .focusGained, .focusLost, .minimized, .restored, .shown, .hidden:
      break
    }
  }

  /// Presses the control under the pointer; false when there is none.
  private func pressButton(at x: Int32, _ y: Int32) -> Bool {
    guard let buttons = visibleButtons(), host != nil else { return false }
    let scale = pixelScale
    for (button, rect) in layout.controlRects(buttons)
    where rect.contains(x: scale.pixels(x), y: scale.pixels(y)) {
      switch button {
      case .close: onEvent?(.stripCloseRequested)
      case .restore: onEvent?(.stripRestoreRequested)
      case .playPause: onIntent?(.togglePlayPause)
      case .skipForward: onIntent?(.seekBy(ms: 15_000))
      case .skipBack: onIntent?(.seekBy(ms: -15_000))
      }
      return true
    }
    return false
  }
}
