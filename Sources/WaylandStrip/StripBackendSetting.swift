/// Which strip the user asks for: `strip-backend = auto | wayland | x11` (not a settings key
/// yet), or `LYRICPIP_STRIP_BACKEND`, which wins.
public enum StripBackendSetting: String, CaseIterable, Equatable, Sendable {
  /// The layer-shell strip where the compositor offers it, else the X11 strip.
  case auto
  /// The layer-shell strip, or no strip: for tests and for users who want to know.
  case wayland
  /// The X11 strip (under XWayland on a Wayland desktop), as before the native strip.
  case x11

  /// The value as written in the settings or the environment: one of the three words, any
  /// case, with blanks around it; nil for anything else.
  public init?(text: String) {
    guard let setting = Self(rawValue: Self.trimmed(text).lowercased()) else { return nil }
    self = setting
  }

  /// `text` without the spaces and tabs around it (the standard library has no trim).
  static func trimmed(_ text: String) -> Substring {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = text.firstIndex(where: { !blank($0) }),
      let last = text.lastIndex(where: { !blank($0) })
    else { return "" }
    return text[first...last]
  }
}
