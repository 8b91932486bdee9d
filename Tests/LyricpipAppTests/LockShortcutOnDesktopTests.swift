import Surface
import Testing

@testable import WindowFrontEnd

/// The lock shortcut as the desktop's services take it: the portal's trigger text and
/// kglobalaccel's key code.
@Suite struct LockShortcutOnDesktopTests {
  @Test func theDefaultIsCtrlAltLowerCaseLForThePortal() {
    #expect(LockShortcutOnDesktop.portalTrigger(.defaultLock) == "CTRL+ALT+l")
  }

  @Test func everyModifierHasThePortalsName() {
    let all = GlobalShortcut(modifiers: [.super, .shift, .alt, .control], key: "F5")
    #expect(LockShortcutOnDesktop.portalTrigger(all) == "CTRL+ALT+SHIFT+LOGO+F5")
  }

  @Test func theDefaultIsQtsCtrlAltL() {
    #expect(LockShortcutOnDesktop.kdeKey(.defaultLock) == 0x0C00_004C)
    let shortcut = LockShortcutOnDesktop.shortcut(.defaultLock)
    #expect(shortcut.id == "toggle-lock")
    #expect(shortcut.kdeKey == 0x0C00_004C)
  }

  @Test func superAndShiftAreQtsMetaAndShift() {
    let shortcut = GlobalShortcut(modifiers: [.super, .shift], key: "p")
    // Meta 0x10000000, Shift 0x02000000, P 0x50.
    #expect(LockShortcutOnDesktop.kdeKey(shortcut) == 0x1200_0050)
  }

  @Test func aKeyWithoutAQtCodeIsNotForKGlobalAccel() {
    let shortcut = GlobalShortcut(modifiers: [.control], key: "XF86AudioPlay")
    #expect(LockShortcutOnDesktop.kdeKey(shortcut) == nil)
  }
}
