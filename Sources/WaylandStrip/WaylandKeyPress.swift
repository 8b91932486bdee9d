/// A key pressed while one of our surfaces has the keyboard, read through the compositor's
/// keymap (the user's layout).
public struct WaylandKeyPress: Equatable, Sendable {
  public enum Symbol: Equatable, Sendable {
    case escape
    case enter
    case left
    case right
    case up
    case down
    case keypadPlus
    case keypadMinus
    /// What the key types in the layout (a letter, a digit, `+`, a space…).
    case character(Character)
    case other
  }

  public let symbol: Symbol
  public let control: Bool
  public let shift: Bool
  public let alt: Bool

  public init(symbol: Symbol, control: Bool = false, shift: Bool = false, alt: Bool = false) {
    self.symbol = symbol
    self.control = control
    self.shift = shift
    self.alt = alt
  }
}
