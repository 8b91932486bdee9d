/// kglobalaccel's numbers (KDE's `KGlobalAccel::SetShortcutFlag`, and Qt's `Qt::Modifier`
/// and `Qt::Key`), written out here because there is no Qt: a shortcut is one `int`, the
/// modifier bits or'ed with the key's code.
public enum KGlobalAccelKeys {
  public static let shift: Int32 = 0x0200_0000
  public static let control: Int32 = 0x0400_0000
  public static let alt: Int32 = 0x0800_0000
  public static let meta: Int32 = 0x1000_0000

  /// `setShortcut`'s flags: the default keys (remembered, not made active) and the active
  /// ones; without `NoAutoloading` (4) kglobalaccel keeps a key the user chose in its settings.
  static let isDefault: UInt32 = 1
  static let setPresent: UInt32 = 2

  /// Qt's code for the X keysym name `key` (`L`, `l`, `7`, `F5`, `Pause`); nil for a key this
  /// table does not have. Letters are Qt's upper-case codes, whatever the case written.
  public static func code(ofKey key: String) -> Int32? {
    let scalars = Array(key.unicodeScalars)
    if scalars.count == 1, let scalar = scalars.first, scalar.isASCII {
      // An ASCII letter without the bit that makes it lower case.
      if scalar.properties.isAlphabetic { return Int32(scalar.value) & ~0x20 }
      if ("0"..."9").contains(scalar) { return Int32(scalar.value) }
      return nil
    }
    if key.first == "F", let number = Int32(key.dropFirst()), (1...35).contains(number) {
      return 0x0100_0030 + number - 1
    }
    return named[key.lowercased()]
  }

  private static let named: [String: Int32] = [
    "escape": 0x0100_0000, "tab": 0x0100_0001, "backspace": 0x0100_0003,
    "return": 0x0100_0004, "insert": 0x0100_0006, "delete": 0x0100_0007,
    "pause": 0x0100_0008, "print": 0x0100_0009, "home": 0x0100_0010, "end": 0x0100_0011,
    "left": 0x0100_0012, "up": 0x0100_0013, "right": 0x0100_0014, "down": 0x0100_0015,
    "page_up": 0x0100_0016, "prior": 0x0100_0016, "page_down": 0x0100_0017,
    "next": 0x0100_0017, "space": 0x20,
  ]
}
