/// A global shortcut asked of the desktop's own service (`DesktopShortcutListener`), in the
/// two forms the services take: the XDG shortcuts text for the GlobalShortcuts portal, and
/// Qt's key code for KDE's kglobalaccel. Plain values: `Desktop` knows no X key names.
public struct DesktopShortcut: Equatable, Sendable {
  /// The shortcut's id with the portal and its action name with kglobalaccel (`toggle-lock`).
  public var id: String
  /// What it does, as the desktop's settings list it.
  public var description: String
  /// The portal's `preferred_trigger` (`CTRL+ALT+l`: the XDG shortcuts specification's
  /// modifier names and an xkb keysym name).
  public var portalTrigger: String
  /// The key as kglobalaccel takes it (Qt's modifier bits or'ed with Qt's key code); nil when
  /// the key has no Qt code we know, and then kglobalaccel is not asked.
  public var kdeKey: Int32?

  public init(id: String, description: String, portalTrigger: String, kdeKey: Int32?) {
    self.id = id
    self.description = description
    self.portalTrigger = portalTrigger
    self.kdeKey = kdeKey
  }
}

/// Which desktop service took a shortcut.
public enum DesktopShortcutService: String, Equatable, Sendable {
  /// `org.freedesktop.portal.GlobalShortcuts` (KDE Plasma, GNOME 48 and later).
  case portal = "the GlobalShortcuts portal"
  /// KDE's `org.kde.kglobalaccel`.
  case kglobalaccel = "KDE's kglobalaccel"
}

/// What became of a shortcut asked of the desktop.
public enum DesktopShortcutOutcome: Equatable, Sendable {
  /// The service took it: its presses come to the listener.
  case bound(DesktopShortcutService)
  /// The service exists but refused it or failed (the key is another program's, the user
  /// declined, the service did not answer); why.
  case refused(DesktopShortcutService, String)
  /// Neither service is on this session bus (sway, Hyprland, GNOME before 48), or there is no
  /// session bus: the shortcut is the compositor's to bind. Why, for the curious.
  case noService(String)
}
