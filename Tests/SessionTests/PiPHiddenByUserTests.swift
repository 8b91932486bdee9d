import Session
import Testing

/// "Hide the strip" from the desktop (`lyricpip ctl hide`, the tray): the strip stays hidden
/// through focus losses and minimising until the user shows it again.
@Suite struct PiPHiddenByUserTests {
  @Test func aHiddenStripDoesNotComeBackOnFocusLossOrMinimise() {
    let rig = Rig()
    rig.controller.start()
    rig.controller.hideUntilShown()
    #expect(!rig.strip.isShown)
    #expect(rig.controller.isHiddenByUser)
    rig.recorder.events.removeAll()
    rig.controller.handle(.mainFocusLost)
    rig.advance(ms: 1_000)
    rig.controller.handle(.mainMinimized)
    #expect(rig.recorder.events.isEmpty)
    #expect(!rig.strip.isShown)
  }

  @Test func showingItAgainEndsTheHidingAndAutoEntryWorksAgain() {
    let rig = Rig()
    rig.controller.hideUntilShown()
    rig.controller.start()
    #expect(!rig.controller.isHiddenByUser)
    #expect(rig.strip.isShown)
    rig.controller.stop()
    rig.recorder.events.removeAll()
    rig.controller.handle(.mainFocusLost)
    rig.advance(ms: 1_000)
    #expect(rig.recorder.events == Rig.started)
  }

  @Test func hidingDuringTheGraceCancelsTheEntry() {
    let rig = Rig()
    rig.controller.handle(.mainFocusLost)
    rig.advance(ms: 50)
    rig.controller.hideUntilShown()
    rig.advance(ms: 1_000)
    #expect(rig.recorder.events.isEmpty)
  }
}
