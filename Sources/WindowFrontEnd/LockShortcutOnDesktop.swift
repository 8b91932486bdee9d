import Desktop
import Surface

/// The lock shortcut (`lock-shortcut`) as the desktop's shortcut services take it: the
/// GlobalShortcuts portal's trigger text and kglobalaccel's key code (`DesktopShortcut`).
enum LockShortcutOnDesktop {
  /// The shortcut's id with the portal and its action with kglobalaccel.
  static let id = "toggle-lock"
  static let description = "Lock or unlock the lyrics strip"

  static func shortcut(_ lock: GlobalShortcut) -> DesktopShortcut {
    DesktopShortcut(
      id: id, description: description, portalTrigger: portalTrigger(lock), kdeKey: kdeKey(lock))
  }

  /// The XDG shortcuts specification's form: `CTRL`, `ALT`, `SHIFT`, `LOGO`, then the xkb
  /// keysym name (a letter in lower case, as the key itself is named: `L` would be Shift+l).
  static func portalTrigger(_ lock: GlobalShortcut) -> String {
    let names: [(GlobalShortcut.Modifiers, String)] = [
      (.control, "CTRL"), (.alt, "ALT"), (.shift, "SHIFT"), (.super, "LOGO"),
    ]
    let key = lock.key.count == 1 ? lock.key.lowercased() : lock.key
    return (names.filter { lock.modifiers.contains($0.0) }.map(\.1) + [key])
      .joined(separator: "+")
  }

  /// Qt's modifier bits or'ed with the key's code; nil for a key kglobalaccel's table lacks.
  static func kdeKey(_ lock: GlobalShortcut) -> Int32? {
    guard let code = KGlobalAccelKeys.code(ofKey: lock.key) else { return nil }
    let bits: [(GlobalShortcut.Modifiers, Int32)] = [
      (.control, KGlobalAccelKeys.control), (.alt, KGlobalAccelKeys.alt),
      (.shift, KGlobalAccelKeys.shift), (.super, KGlobalAccelKeys.meta),
    ]
    return bits.filter { lock.modifiers.contains($0.0) }.reduce(code) { $0 | $1.1 }
  }
}
