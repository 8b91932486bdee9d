/// One input event for a window, in the window's own terms: SDL's events are turned into these
/// in one place (`SDLEvents.swift`), so no window reads a C event.
enum WindowInput: Equatable {
  case keyDown(Key, KeyModifiers)
  /// `clicks`: 1 for a single click, 2 for a double-click, …
  case buttonDown(MouseButton, x: Int32, y: Int32, clicks: Int)
  case buttonUp(MouseButton, x: Int32, y: Int32)
  /// The pointer moved to x, y (window coordinates).
  case pointerMoved(x: Int32, y: Int32)
  /// The wheel turned with the pointer at x, y (window coordinates); positive `dy` is away from
  /// the user.
  case wheel(dy: Int32, x: Int32, y: Int32)
  case window(WindowChange)
  /// A file or folder was dropped onto the window (XDND, through SDL's drop events).
  case dropped(path: String)

  /// The keys the windows answer to; every other key is `.other`.
  enum Key: Equatable {
    case space
    case escape
    /// Return or the keypad's Enter.
    case enter
    case left
    case right
    case up
    case down
    case plus
    case equals
    case minus
    case keypadPlus
    case keypadMinus
    /// The keyboard's media keys.
    case mediaPlayPause
    case mediaNext
    case mediaPrevious
    case volumeUp
    case volumeDown
    /// A digit key of the main block, `0` to `9`.
    case digit(Character)
    /// A letter key, lower case (the key, whatever the layout's shift state).
    case letter(Character)
    case other
  }

  struct KeyModifiers: OptionSet, Equatable {
    let rawValue: UInt8
    static let control = KeyModifiers(rawValue: 1)
    static let shift = KeyModifiers(rawValue: 2)
    static let alt = KeyModifiers(rawValue: 4)
  }

  enum MouseButton: Equatable {
    case left
    case middle
    case right
    case other
  }

  /// What the window system did to the window.
  enum WindowChange: Equatable {
    case focusGained
    case focusLost
    case minimized
    case restored
    case shown
    case hidden
    /// The new size in window coordinates.
    case resized(width: Int32, height: Int32)
    /// Moved to another display (its DPI may differ).
    case displayChanged
    /// Part of the window must be drawn again.
    case exposed
    case pointerEntered
    case pointerLeft
    /// The window manager's close button.
    case closeRequested
  }
}
