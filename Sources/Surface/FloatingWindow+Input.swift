import CSDL2
import Session

extension FloatingWindow {
  /// Keys, clicks on controls, hover, size and display changes.
  func handleInput(_ event: SDL_Event) {
    switch SDL_EventType(event.type) {
    case SDL_KEYDOWN:
      handleKey(event.key.keysym)
    case SDL_MOUSEBUTTONDOWN:
      guard event.button.button == UInt8(SDL_BUTTON_LEFT) else { return }
      if event.button.clicks >= 2 {
        onEvent?(.stripRestoreRequested)
        return
      }
      if !pressButton(at: event.button.x, event.button.y), let window {
        let position = SDL.position(window.window)
        dragStart = ((position.x + event.button.x, position.y + event.button.y), position)
      }
    case SDL_MOUSEMOTION:
      drag(toWindowX: event.motion.x, event.motion.y)
    case SDL_MOUSEBUTTONUP:
      if event.button.button == UInt8(SDL_BUTTON_LEFT) { dragStart = nil }
    case SDL_WINDOWEVENT:
      handleWindowEvent(event.window)
    default:
      break
    }
  }

  private func handleKey(_ key: SDL_Keysym) {
    if let intent = SurfaceIntent.playerKey(key) {
      onIntent?(intent)
      return
    }
    switch Int(key.sym) {
    case Int(SDLK_ESCAPE.rawValue): onEvent?(.stripRestoreRequested)
    default: break
    }
  }

  /// Moves the strip with the pointer while the button is held (the pointer stays with the
  /// window that got the press, so motion keeps coming outside it too). The pointer's desktop
  /// position is the window's position plus the event's: SDL's global mouse state is not
  /// refreshed by every X server (Xvfb with XTEST input kept the press position).
  private func drag(toWindowX x: Int32, _ y: Int32) {
    guard let start = dragStart, let window else { return }
    let position = SDL.position(window.window)
    let dx = position.x + x - start.pointer.x
    let dy = position.y + y - start.pointer.y
    SDL.setPosition(window.window, x: start.window.x + dx, y: start.window.y + dy)
  }

  /// Presses the control under the pointer; false when there is none.
  private func pressButton(at x: Int32, _ y: Int32) -> Bool {
    guard let buttons = visibleButtons(), let window else { return false }
    let scale = max(1, layout.width / max(1, window.size.width))
    let px = x * scale
    let py = y * scale
    for (button, rect) in layout.controlRects(buttons)
    where px >= rect.x && px < rect.x + rect.w && py >= rect.y && py < rect.y + rect.h {
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

  private func handleWindowEvent(_ event: SDL_WindowEvent) {
    switch SDL_WindowEventID(UInt32(event.event)) {
    case SDL_WINDOWEVENT_SIZE_CHANGED:
      sizeChanged(width: event.data1, height: event.data2)
    case SDL_WINDOWEVENT_DISPLAY_CHANGED:
      relayout()
    case SDL_WINDOWEVENT_ENTER:
      hovering = true
      updateButtonRects()
    case SDL_WINDOWEVENT_LEAVE:
      hovering = false
    case SDL_WINDOWEVENT_EXPOSED:
      lastFrame = nil
    case SDL_WINDOWEVENT_CLOSE:
      onEvent?(.stripCloseRequested)
    default:
      break
    }
  }
}
