/// A key with modifiers that reaches the player whichever window has the focus (X11 only): the
/// strip's lock shortcut. Written as in the settings, `Ctrl+Alt+L`: modifiers and one key name
/// (a letter, a digit, or an X key name such as `F12`), joined by `+`.
public struct GlobalShortcut: Equatable, Sendable, CustomStringConvertible {
  public struct Modifiers: OptionSet, Equatable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let control = Modifiers(rawValue: 1 << 0)
    public static let alt = Modifiers(rawValue: 1 << 1)
    public static let shift = Modifiers(rawValue: 1 << 2)
    public static let `super` = Modifiers(rawValue: 1 << 3)
  }

  public var modifiers: Modifiers
  /// The X key name (keysym), as written.
  public var key: String

  /// The lock shortcut when the settings do not name one.
  public static let defaultLock = GlobalShortcut(modifiers: [.control, .alt], key: "L")

  public init(modifiers: Modifiers, key: String) {
    self.modifiers = modifiers
    self.key = key
  }

  /// Reads `Ctrl+Alt+L`; nil when a part is not a modifier, the key is missing, or there is no
  /// modifier (a bare key grabbed for the whole desktop would be taken from every program).
  public init?(parsing text: String) {
    let parts = text.split(separator: "+", omittingEmptySubsequences: false).map {
      String($0.filter { $0 != " " && $0 != "\t" })
    }
    guard parts.count >= 2, let key = parts.last, !key.isEmpty,
      key.unicodeScalars.allSatisfy({
        $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_"
      })
    else { return nil }
    var modifiers: Modifiers = []
    for part in parts.dropLast() {
      switch part.lowercased() {
      case "ctrl", "control": modifiers.insert(.control)
      case "alt": modifiers.insert(.alt)
      case "shift": modifiers.insert(.shift)
      case "super", "win", "meta": modifiers.insert(.super)
      default: return nil
      }
    }
    self.init(modifiers: modifiers, key: key)
  }

  public var description: String {
    let names: [(Modifiers, String)] = [
      (.control, "Ctrl"), (.alt, "Alt"), (.shift, "Shift"), (.super, "Super"),
    ]
    return (names.filter { modifiers.contains($0.0) }.map(\.1) + [key]).joined(separator: "+")
  }
}
