/// A key pressed on a canvas strip, as its sink's owner read it (the native Wayland surface has
/// its own seat and keymap: no SDL event reaches the strip).
public struct StripKeyInput: Equatable, Sendable {
  public enum Symbol: Equatable, Sendable {
    case escape
    case enter
    case left
    case right
    case up
    case down
    case keypadPlus
    case keypadMinus
    /// What the key types in the user's layout.
    case character(Character)
    case other
  }

  public var symbol: Symbol
  public var control: Bool
  public var shift: Bool
  public var alt: Bool

  public init(symbol: Symbol, control: Bool = false, shift: Bool = false, alt: Bool = false) {
    self.symbol = symbol
    self.control = control
    self.shift = shift
    self.alt = alt
  }

  /// The key as the windows know it (SDL's keys on X11).
  var key: WindowInput.Key {
    switch symbol {
    case .escape: .escape
    case .enter: .enter
    case .left: .left
    case .right: .right
    case .up: .up
    case .down: .down
    case .keypadPlus: .keypadPlus
    case .keypadMinus: .keypadMinus
    case .other: .other
    case .character(let character):
      switch character {
      case " ": .space
      case "+": .plus
      case "=": .equals
      case "-": .minus
      case _ where character.isASCII && character.isNumber: .digit(character)
      case _ where character.isLetter: .letter(Character(character.lowercased()))
      default: .other
      }
    }
  }

  var modifiers: WindowInput.KeyModifiers {
    var modifiers: WindowInput.KeyModifiers = []
    if control { modifiers.insert(.control) }
    if shift { modifiers.insert(.shift) }
    if alt { modifiers.insert(.alt) }
    return modifiers
  }
}

extension FloatingWindow {
  /// A key of a canvas strip, handled as SDL's is for a windowed one (L locks, Esc goes back
  /// to the main window, the player's keys).
  public func handleKey(_ input: StripKeyInput) {
    handle(.keyDown(input.key, input.modifiers))
    eventsHandled()
  }
}
