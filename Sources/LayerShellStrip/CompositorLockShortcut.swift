import Surface

/// The lock shortcut where lyricpip cannot take one itself: a Wayland compositor gives a
/// program's keys only to the window with the focus, and an X key grab under XWayland fires
/// only while an X11 window has it. So on the native strip the shortcut is the compositor's to
/// bind, and lyricpip says so once at start, with the line for sway's config (Hyprland's and
/// the others' take the same command).
public enum CompositorLockShortcut {
  /// The `lyricpip ctl` command the binding runs.
  public static let command = "lyricpip ctl toggle-lock"

  /// `shortcut` as a sway `bindsym` line: sway's modifier names (Super is Mod4) and the key as
  /// an xkb keysym (a letter in lower case: `L` would be Shift+l to sway).
  public static func swayBinding(_ shortcut: GlobalShortcut) -> String {
    let names: [(GlobalShortcut.Modifiers, String)] = [
      (.control, "Ctrl"), (.alt, "Alt"), (.shift, "Shift"), (.super, "Mod4"),
    ]
    let key = shortcut.key.count == 1 ? shortcut.key.lowercased() : shortcut.key
    let combination = (names.filter { shortcut.modifiers.contains($0.0) }.map(\.1) + [key])
      .joined(separator: "+")
    return "bindsym \(combination) exec \(command)"
  }

  /// What `lyricpip` says at start on the native strip.
  public static func note(for shortcut: GlobalShortcut) -> String {
    "note: on this Wayland desktop the lock shortcut (\(shortcut)) is the compositor's to bind;"
      + " in sway's config: \(swayBinding(shortcut))"
  }
}
