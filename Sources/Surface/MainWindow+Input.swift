import CSDL2
import Session

extension MainWindow {
  /// Keys, clicks, the wheel, and the window's focus, minimise and size changes.
  func handleInput(_ event: SDL_Event) {
    switch SDL_EventType(event.type) {
    case SDL_KEYDOWN:
      handleKey(event.key.keysym)
    case SDL_MOUSEBUTTONDOWN:
      guard event.button.button == UInt8(SDL_BUTTON_LEFT) else { return }
      click(x: event.button.x * pixelScale(), y: event.button.y * pixelScale())
    case SDL_MOUSEWHEEL:
      scroll(by: -Int(event.wheel.y))
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
    case Int(SDLK_AUDIOPLAY.rawValue): onIntent?(.togglePlayPause)
    case Int(SDLK_n.rawValue), Int(SDLK_AUDIONEXT.rawValue): onIntent?(.nextTrack)
    case Int(SDLK_b.rawValue), Int(SDLK_AUDIOPREV.rawValue): onIntent?(.previousTrack)
    case Int(SDLK_p.rawValue): onIntent?(.showStrip)
    case Int(SDLK_UP.rawValue): scroll(by: -1)
    case Int(SDLK_DOWN.rawValue): scroll(by: 1)
    default: break
    }
  }

  private func click(x: Int32, y: Int32) {
    func inside(_ rect: SDL_Rect) -> Bool {
      x >= rect.x && x < rect.x + rect.w && y >= rect.y && y < rect.y + rect.h
    }
    for (button, rect) in layout.buttons() where inside(rect) {
      switch button {
      case .previous: onIntent?(.previousTrack)
      case .next: onIntent?(.nextTrack)
      case .playPause: onIntent?(.togglePlayPause)
      case .toStrip: onIntent?(.showStrip)
      }
      return
    }
    let nowPlaying = loop.model.nowPlaying
    if inside(layout.progressHitBand), let duration = nowPlaying.durationMs {
      let bar = layout.progressBar
      let fraction = Double(min(max(0, x - bar.x), bar.w)) / Double(max(1, bar.w))
      onIntent?(.seekTo(ms: Int(fraction * Double(duration))))
      return
    }
    let centred = lastFrame?.centredLine ?? -1
    if let index = lineIndex(atY: y, centredOn: centred), let line = loop.model.line(index) {
      // Lyric times include the live offset; the player seeks in audio time.
      onIntent?(.seekTo(ms: max(0, line.ms - nowPlaying.offsetMs)))
    }
  }

  /// Reports minimise and restore once the events at hand are handled, from the window's state
  /// then: while openbox iconifies a window SDL may report minimised, restored and minimised
  /// again within one batch, and the session must not see the strip flicker for that.
  func eventsHandled() {
    guard minimizeStateChanged, let window else { return }
    minimizeStateChanged = false
    let minimized = window.hasFlag(SDL_WINDOW_MINIMIZED)
    guard minimized != isMinimized else { return }
    isMinimized = minimized
    if minimized {
      lastPresentedLine = nil
      loop.presentation.windowHidden(windowID)
    }
    onEvent?(minimized ? .mainMinimized : .mainRestored)
  }

  /// Moves the list by `rows` lines away from the current line, until the line changes.
  private func scroll(by rows: Int) {
    guard let count = loop.model.lyrics?.lines.count, count > 0 else { return }
    let current = loop.model.position(atNanos: loop.clock.nowNanos).line
    let from = pinnedLine ?? current
    pinnedLine = min(count - 1, max(-1, from + rows))
    pinnedWhileOn = current
  }

  private func handleWindowEvent(_ event: SDL_WindowEvent) {
    switch SDL_WindowEventID(UInt32(event.event)) {
    case SDL_WINDOWEVENT_FOCUS_GAINED:
      hasFocus = true
      onEvent?(.mainFocusGained)
    case SDL_WINDOWEVENT_FOCUS_LOST:
      hasFocus = false
      onEvent?(.mainFocusLost)
    case SDL_WINDOWEVENT_MINIMIZED, SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_SHOWN,
      SDL_WINDOWEVENT_HIDDEN:
      lastFrame = nil
      minimizeStateChanged = true
    case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_DISPLAY_CHANGED:
      relayout()
    case SDL_WINDOWEVENT_EXPOSED:
      lastFrame = nil
    case SDL_WINDOWEVENT_CLOSE:
      onIntent?(.quit)
    default:
      break
    }
  }
}
