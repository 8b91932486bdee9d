import CSDL2
import Session

extension FloatingWindow {
  /// Keys, clicks on controls, hover, size and display changes.
  func handleInput(_ event: SDL_Event) {
    switch SDL_EventType(event.type) {
    case SDL_KEYDOWN:
      handleKey(event.key.keysym.sym)
    case SDL_MOUSEBUTTONDOWN:
      guard event.button.button == UInt8(SDL_BUTTON_LEFT) else { return }
      if event.button.clicks >= 2 {
        onEvent?(.stripRestoreRequested)
        return
      }
      pressButton(at: event.button.x, event.button.y)
    case SDL_WINDOWEVENT:
      handleWindowEvent(event.window)
    default:
      break
    }
  }

  private func handleKey(_ key: SDL_Keycode) {
    switch Int(key) {
    case Int(SDLK_SPACE.rawValue): onIntent?(.togglePlayPause)
    case Int(SDLK_LEFT.rawValue): onIntent?(.seekBy(ms: -5_000))
    case Int(SDLK_RIGHT.rawValue): onIntent?(.seekBy(ms: 5_000))
    case Int(SDLK_PLUS.rawValue), Int(SDLK_EQUALS.rawValue), Int(SDLK_KP_PLUS.rawValue):
      onIntent?(.adjustOffset(ms: 100))
    case Int(SDLK_MINUS.rawValue), Int(SDLK_KP_MINUS.rawValue):
      onIntent?(.adjustOffset(ms: -100))
    case Int(SDLK_ESCAPE.rawValue): onEvent?(.stripRestoreRequested)
    default: break
    }
  }

  private func pressButton(at x: Int32, _ y: Int32) {
    guard let buttons = visibleButtons(), let window else { return }
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
      return
    }
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
