import Testing

@testable import Desktop

/// The pure parts of the desktop's shortcut services: Qt's key codes for kglobalaccel, and
/// the path a portal request answers on.
@Suite struct DesktopShortcutTests {
  @Test func lettersAreQtsUpperCaseCodesWhateverTheCase() {
    #expect(KGlobalAccelKeys.code(ofKey: "L") == 0x4C)
    #expect(KGlobalAccelKeys.code(ofKey: "l") == 0x4C)
    #expect(KGlobalAccelKeys.code(ofKey: "7") == 0x37)
  }

  @Test func namedKeysHaveQtsCodes() {
    #expect(KGlobalAccelKeys.code(ofKey: "F1") == 0x0100_0030)
    #expect(KGlobalAccelKeys.code(ofKey: "F12") == 0x0100_003B)
    #expect(KGlobalAccelKeys.code(ofKey: "Pause") == 0x0100_0008)
    #expect(KGlobalAccelKeys.code(ofKey: "space") == 0x20)
  }

  @Test func keysTheTableLacksHaveNoCode() {
    #expect(KGlobalAccelKeys.code(ofKey: "F99") == nil)
    #expect(KGlobalAccelKeys.code(ofKey: "XF86AudioPlay") == nil)
    #expect(KGlobalAccelKeys.code(ofKey: "_") == nil)
  }

  @Test func aRequestAnswersOnThePathMadeOfTheSendersNameAndTheToken() {
    #expect(
      GlobalShortcutsPortal.requestPath(uniqueName: ":1.42", token: "lyricpip7_bind_request")
        == "/org/freedesktop/portal/desktop/request/1_42/lyricpip7_bind_request")
  }
}
