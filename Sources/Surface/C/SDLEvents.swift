internal import CSDL2

extension SDL {
  /// An SDL event as the loop needs it: a quit request, input for one window, or nothing to pass
  /// on (the loop's own wake event, key releases, text input, …).
  enum LoopEvent: Equatable {
    case quit
    case input(windowID: UInt32, WindowInput)
    /// A key press reported on the X root window: only a key we grabbed there comes so (the
    /// global shortcut). SDL passes it on only as a window-system event, since it is for no
    /// window of ours.
    case rootKeyPress(keycode: UInt32, state: UInt32)
    case other
  }

  /// Waits up to `timeoutMs` for an event; nil when none came.
  static func waitEvent(timeoutMs: Int32) -> LoopEvent? {
    var event = SDL_Event()
    guard SDL_WaitEventTimeout(&event, timeoutMs) == 1 else { return nil }
    return loopEvent(event)
  }

  /// The next event already queued; nil when there is none.
  static func pollEvent() -> LoopEvent? {
    var event = SDL_Event()
    guard SDL_PollEvent(&event) == 1 else { return nil }
    return loopEvent(event)
  }

  private static func loopEvent(_ event: SDL_Event) -> LoopEvent {
    switch SDL_EventType(event.type) {
    case SDL_QUIT:
      return .quit
    case SDL_KEYDOWN:
      let keysym = event.key.keysym
      return .input(windowID: event.key.windowID, .keyDown(key(keysym.sym), modifiers(keysym.mod)))
    case SDL_MOUSEBUTTONDOWN:
      let button = event.button
      return .input(
        windowID: button.windowID,
        .buttonDown(
          mouseButton(button.button), x: button.x, y: button.y, clicks: Int(button.clicks)))
    case SDL_MOUSEBUTTONUP:
      let button = event.button
      return .input(
        windowID: button.windowID, .buttonUp(mouseButton(button.button), x: button.x, y: button.y))
    case SDL_MOUSEMOTION:
      return .input(
        windowID: event.motion.windowID, .pointerMoved(x: event.motion.x, y: event.motion.y))
    case SDL_MOUSEWHEEL:
      let wheel = event.wheel
      return .input(
        windowID: wheel.windowID, .wheel(dy: wheel.y, x: wheel.mouseX, y: wheel.mouseY))
    case SDL_WINDOWEVENT:
      guard let change = windowChange(event.window) else { return .other }
      return .input(windowID: event.window.windowID, .window(change))
    case SDL_SYSWMEVENT:
      return rootKeyPress(event.syswm)
    case SDL_DROPFILE:
      // SDL hands over the path; it is ours to free.
      guard let file = event.drop.file else { return .other }
      defer { SDL_free(file) }
      return .input(windowID: event.drop.windowID, .dropped(path: String(cString: file)))
    default:
      return .other
    }
  }

  /// Turns on the window-system events that carry root key presses (off by default: they
  /// copy every X event).
  static func enableSystemEvents() {
    _ = SDL_EventState(UInt32(SDL_SYSWMEVENT.rawValue), SDL_ENABLE)
  }

  private static func rootKeyPress(_ event: SDL_SysWMEvent) -> LoopEvent {
    guard let message = event.msg, message.pointee.subsystem == SDL_SYSWM_X11 else { return .other }
    let xEvent = message.pointee.msg.x11.event
    guard xEvent.type == KeyPress, xEvent.xkey.window == xEvent.xkey.root else { return .other }
    return .rootKeyPress(keycode: xEvent.xkey.keycode, state: xEvent.xkey.state)
  }

  private static func windowChange(_ event: SDL_WindowEvent) -> WindowInput.WindowChange? {
    switch SDL_WindowEventID(UInt32(event.event)) {
    case SDL_WINDOWEVENT_FOCUS_GAINED: .focusGained
    case SDL_WINDOWEVENT_FOCUS_LOST: .focusLost
    case SDL_WINDOWEVENT_MINIMIZED: .minimized
    case SDL_WINDOWEVENT_RESTORED: .restored
    case SDL_WINDOWEVENT_SHOWN: .shown
    case SDL_WINDOWEVENT_HIDDEN: .hidden
    case SDL_WINDOWEVENT_SIZE_CHANGED: .resized(width: event.data1, height: event.data2)
    case SDL_WINDOWEVENT_DISPLAY_CHANGED: .displayChanged
    case SDL_WINDOWEVENT_EXPOSED: .exposed
    case SDL_WINDOWEVENT_ENTER: .pointerEntered
    case SDL_WINDOWEVENT_LEAVE: .pointerLeft
    case SDL_WINDOWEVENT_CLOSE: .closeRequested
    default: nil
    }
  }

  private static func key(_ code: SDL_Keycode) -> WindowInput.Key {
    switch Int(code) {
    case Int(SDLK_SPACE.rawValue): return .space
    case Int(SDLK_ESCAPE.rawValue): return .escape
    case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): return .enter
    case Int(SDLK_LEFT.rawValue): return .left
    case Int(SDLK_RIGHT.rawValue): return .right
    case Int(SDLK_UP.rawValue): return .up
    case Int(SDLK_DOWN.rawValue): return .down
    case Int(SDLK_PLUS.rawValue): return .plus
    case Int(SDLK_EQUALS.rawValue): return .equals
    case Int(SDLK_MINUS.rawValue): return .minus
    case Int(SDLK_KP_PLUS.rawValue): return .keypadPlus
    case Int(SDLK_KP_MINUS.rawValue): return .keypadMinus
    case Int(SDLK_AUDIOPLAY.rawValue): return .mediaPlayPause
    case Int(SDLK_AUDIONEXT.rawValue): return .mediaNext
    case Int(SDLK_AUDIOPREV.rawValue): return .mediaPrevious
    case Int(SDLK_VOLUMEUP.rawValue): return .volumeUp
    case Int(SDLK_VOLUMEDOWN.rawValue): return .volumeDown
    case Int(SDLK_0.rawValue)...Int(SDLK_9.rawValue):
      // SDL's digit keycodes are their ASCII codes.
      return Unicode.Scalar(UInt32(code)).map { .digit(Character($0)) } ?? .other
    case Int(SDLK_a.rawValue)...Int(SDLK_z.rawValue):
      // SDL's letter keycodes are their lower-case ASCII codes.
      return Unicode.Scalar(UInt32(code)).map { .letter(Character($0)) } ?? .other
    default: return .other
    }
  }

  private static func modifiers(_ mod: UInt16) -> WindowInput.KeyModifiers {
    var modifiers: WindowInput.KeyModifiers = []
    if Int(mod) & Int(KMOD_CTRL.rawValue) != 0 { modifiers.insert(.control) }
    if Int(mod) & Int(KMOD_SHIFT.rawValue) != 0 { modifiers.insert(.shift) }
    if Int(mod) & Int(KMOD_ALT.rawValue) != 0 { modifiers.insert(.alt) }
    return modifiers
  }

  private static func mouseButton(_ button: UInt8) -> WindowInput.MouseButton {
    switch Int32(button) {
    case SDL_BUTTON_LEFT: .left
    case SDL_BUTTON_MIDDLE: .middle
    case SDL_BUTTON_RIGHT: .right
    default: .other
    }
  }
}
