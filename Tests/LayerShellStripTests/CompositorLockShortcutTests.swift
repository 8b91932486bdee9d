import LayerShellStrip
import Surface
import Testing

/// On the native strip the lock shortcut is the compositor's to bind: the note says so with a
/// sway line that sway reads as the same keys.
@Suite struct CompositorLockShortcutTests {
  @Test func theDefaultShortcutIsSwaysCtrlAltLowerCaseL() {
    #expect(
      CompositorLockShortcut.swayBinding(.defaultLock)
        == "bindsym Ctrl+Alt+l exec lyricpip ctl toggle-lock")
  }

  @Test func superIsMod4AndNamedKeysKeepTheirName() throws {
    let shortcut = try #require(GlobalShortcut(parsing: "Super+Shift+F12"))
    #expect(
      CompositorLockShortcut.swayBinding(shortcut)
        == "bindsym Shift+Mod4+F12 exec lyricpip ctl toggle-lock")
  }

  @Test func theNoteNamesTheShortcutAndTheLine() {
    let note = CompositorLockShortcut.note(for: .defaultLock)
    #expect(note.contains("(Ctrl+Alt+L)"), "\(note)")
    #expect(note.hasSuffix("bindsym Ctrl+Alt+l exec lyricpip ctl toggle-lock"), "\(note)")
  }
}
