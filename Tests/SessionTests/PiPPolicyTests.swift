import Session
import Testing

@Suite struct PiPPolicyTests {
  @Test func focusLossPolicyEntersOnFocusLossAndOnMinimize() {
    let rig = Rig(settings: PiPSettings(autoEnter: .focusLoss))
    rig.controller.handle(.mainFocusLost)
    rig.advance(ms: 300)
    #expect(rig.recorder.events == Rig.started)
    rig.controller.handle(.mainFocusGained)
    rig.controller.handle(.mainMinimized)
    #expect(rig.recorder.events.suffix(2) == ["willStart:minimized", "didStart:minimized"])
  }

  @Test func minimizePolicyIgnoresFocusLoss() {
    let rig = Rig(settings: PiPSettings(autoEnter: .minimize))
    rig.controller.handle(.mainFocusLost)
    rig.advance(ms: 1_000)
    #expect(rig.recorder.events.isEmpty)
    rig.controller.handle(.mainMinimized)
    #expect(rig.recorder.events == ["willStart:minimized", "didStart:minimized"])
  }

  @Test func neverPolicyOnlyEntersWhenAsked() {
    let rig = Rig(settings: PiPSettings(autoEnter: .never))
    rig.controller.handle(.mainFocusLost)
    rig.advance(ms: 1_000)
    rig.controller.handle(.mainMinimized)
    #expect(rig.recorder.events.isEmpty)
    rig.controller.start()
    #expect(rig.controller.isActive)
  }

  @Test func noAutoEntryWhilePausedByDefault() {
    let rig = Rig(activity: .paused)
    rig.controller.handle(.mainFocusLost)
    rig.advance(ms: 1_000)
    rig.controller.handle(.mainMinimized)
    #expect(rig.recorder.events.isEmpty)
  }

  @Test func theSettingAllowsAutoEntryWhilePaused() {
    let rig = Rig(settings: PiPSettings(autoEnterWhenPaused: true), activity: .paused)
    rig.controller.handle(.mainFocusLost)
    rig.advance(ms: 300)
    #expect(rig.recorder.events == Rig.started)
  }

  @Test func noAutoEntryWithoutLyricsOrTrack() {
    let rig = Rig(activity: .stopped)
    rig.controller.handle(.mainFocusLost)
    rig.advance(ms: 1_000)
    #expect(rig.recorder.events.isEmpty)
  }

  @Test func policyNamesAreTheSettingsWords() {
    #expect(AutoEnterPolicy(rawValue: "focus-loss") == .focusLoss)
    #expect(AutoEnterPolicy(rawValue: "minimize") == .minimize)
    #expect(AutoEnterPolicy(rawValue: "never") == .never)
  }
}

@Suite struct PiPReentryTests {
  @Test func reenteringTenTimesWorksEveryTimeWithOneStrip() {
    let rig = Rig()
    for round in 0..<10 {
      rig.player.currentLineIndex = round
      rig.controller.handle(.mainFocusLost)
      rig.advance(ms: 300)
      #expect(rig.controller.isActive, "round \(round)")
      #expect(rig.strip.isShown, "round \(round)")
      if round.isMultiple(of: 2) {
        rig.controller.handle(.mainFocusGained)
      } else {
        rig.controller.handle(.stripRestoreRequested)
      }
      #expect(!rig.controller.isActive, "round \(round)")
      #expect(!rig.strip.isShown, "round \(round)")
    }
    #expect(rig.strip.prepareCount == 1)
    #expect(rig.strip.showCount == 10)
    #expect(rig.strip.hideCount == 10)
    #expect(rig.main.restoredAtLines == Array(0..<10))
    #expect(rig.recorder.events.filter { $0.hasPrefix("didStart") }.count == 10)
    #expect(rig.recorder.events.filter { $0.hasPrefix("didStop") }.count == 10)
    #expect(rig.recorder.events.filter { $0.hasPrefix("restore") }.count == 10)
    // The render size is reported once: it did not change between entries.
    #expect(rig.player.renderSizes == ["1000x200"])
  }

  @Test func eachTransitionIsReportedExactlyOnceAndInOrder() {
    let rig = Rig()
    for _ in 0..<10 {
      rig.controller.start()
      rig.controller.handle(.stripRestoreRequested)
    }
    let cycle = [
      "willStart:user", "didStart:user", "willStop:strip", "restore:strip", "didStop:strip",
    ]
    #expect(rig.recorder.events == Array(repeating: cycle, count: 10).flatMap { $0 })
  }

  @Test func aResizedStripIsReportedOnce() {
    let rig = Rig()
    rig.controller.start()
    rig.strip.renderSize = (width: 1200, height: 240)
    rig.controller.renderSizeDidChange()
    rig.controller.renderSizeDidChange()
    #expect(rig.player.renderSizes == ["1000x200", "1200x240"])
  }

  @Test func stripControlsGoToThePlaybackDelegate() {
    let rig = Rig()
    rig.controller.togglePlayback()
    #expect(rig.player.setPlayingCalls == [false])
    #expect(rig.controller.playback.isPaused)
    rig.controller.togglePlayback()
    #expect(rig.player.setPlayingCalls == [false, true])
    rig.controller.skip(byMs: -15_000)
    #expect(rig.player.skips == [-15_000])
    #expect(rig.controller.playback.timeRange.durationMs == 180_000)
  }
}
