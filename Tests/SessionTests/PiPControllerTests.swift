import Clocks
import Locking
import LyricsCore
import Session
import Testing

@Suite struct PiPControllerTransitionTests {
  @Test func startShowsThePreparedStripAndReportsInOrder() throws {
    let rig = Rig()
    try rig.controller.prepare()
    #expect(rig.strip.prepareCount == 1)
    #expect(!rig.strip.isShown)
    rig.controller.start()
    #expect(rig.recorder.events == ["willStart:user", "didStart:user"])
    #expect(rig.controller.isActive)
    #expect(rig.strip.isShown)
    #expect(rig.strip.prepareCount == 1)
    #expect(rig.player.renderSizes == ["1000x200"])
  }

  @Test func startPreparesTheStripWhenNobodyDidAhead() {
    let rig = Rig()
    rig.controller.start()
    #expect(rig.strip.prepareCount == 1)
    #expect(rig.controller.isActive)
  }

  @Test func startWhileActiveDoesNothing() {
    let rig = Rig()
    rig.controller.start()
    rig.controller.start()
    #expect(rig.recorder.events == ["willStart:user", "didStart:user"])
    #expect(rig.strip.showCount == 1)
  }

  @Test func stopHidesWithoutRestoringTheMainWindow() {
    let rig = Rig()
    rig.controller.start()
    rig.controller.stop()
    #expect(
      rig.recorder.events == ["willStart:user", "didStart:user", "willStop:user", "didStop:user"])
    #expect(!rig.controller.isActive)
    #expect(!rig.strip.isShown)
    #expect(rig.main.restoredAtLines.isEmpty)
  }

  @Test func stopWhileInactiveDoesNothing() {
    let rig = Rig()
    rig.controller.stop()
    rig.controller.handle(.stripRestoreRequested)
    rig.controller.handle(.stripCloseRequested)
    #expect(rig.recorder.events.isEmpty)
    #expect(rig.strip.hideCount == 0)
  }

  @Test func focusGainedRestoresTheMainWindowAtTheCurrentLine() {
    let rig = Rig()
    rig.controller.start()
    rig.player.currentLineIndex = 7
    rig.controller.handle(.mainFocusGained)
    #expect(
      Array(rig.recorder.events.dropFirst(2)) == [
        "willStop:focus-gained", "restore:focus-gained", "didStop:focus-gained",
      ])
    #expect(rig.main.restoredAtLines == [7])
    #expect(!rig.strip.isShown)
  }

  @Test func stripDoubleClickOrEscRestores() {
    let rig = Rig()
    rig.controller.start()
    rig.controller.handle(.stripRestoreRequested)
    #expect(
      Array(rig.recorder.events.dropFirst(2)) == [
        "willStop:strip", "restore:strip", "didStop:strip",
      ]
    )
    #expect(rig.main.restoredAtLines == [4])
  }

  @Test func unminimizingTheMainWindowRestores() {
    let rig = Rig()
    rig.controller.handle(.mainMinimized)
    rig.controller.handle(.mainRestored)
    #expect(
      rig.recorder.events == [
        "willStart:minimized", "didStart:minimized", "willStop:unminimized",
        "restore:unminimized", "didStop:unminimized",
      ])
  }

  @Test func closingTheStripStopsWithoutRestore() {
    let rig = Rig()
    rig.controller.start()
    rig.controller.handle(.stripCloseRequested)
    #expect(Array(rig.recorder.events.dropFirst(2)) == ["willStop:closed", "didStop:closed"])
    #expect(rig.main.restoredAtLines.isEmpty)
  }

  @Test func focusLostWhileActiveChangesNothing() {
    let rig = Rig()
    rig.controller.start()
    rig.controller.handle(.mainFocusLost)
    rig.advance(ms: 1_000)
    #expect(rig.recorder.events.count == 2)
    #expect(rig.controller.isActive)
  }

  @Test func stateChangesDoNotStopAnActiveStrip() {
    let rig = Rig()
    rig.controller.start()
    rig.player.playbackActivity = .paused
    rig.controller.invalidatePlaybackState()
    #expect(rig.controller.isActive)
    #expect(rig.controller.playback.isPaused)
  }
}

@Suite struct PiPControllerFailureTests {
  @Test func showThrowingIsAFailedStartWithTheReason() {
    let rig = Rig()
    rig.strip.showError = SurfaceError("the window manager refused to keep the strip on top")
    rig.controller.start()
    #expect(
      rig.recorder.events == [
        "willStart:user", "failedToStart:the window manager refused to keep the strip on top",
      ])
    #expect(!rig.controller.isActive)
    // The next attempt works once the surface does.
    rig.strip.showError = nil
    rig.controller.start()
    #expect(rig.controller.isActive)
    #expect(rig.recorder.events.suffix(2) == ["willStart:user", "didStart:user"])
  }

  @Test func prepareThrowingIsReportedAtStart() {
    let rig = Rig()
    rig.strip.prepareError = SurfaceError("cannot create the strip window")
    #expect(throws: SurfaceError.self) { try rig.controller.prepare() }
    rig.controller.start()
    #expect(
      rig.recorder.events == ["willStart:user", "failedToStart:cannot create the strip window"])
  }

  @Test func unsupportedDesktopFailsWithItsReasonAndNeverTouchesTheStrip() {
    let support = PiPSupport(facts: DesktopFacts.from(environment: ["WAYLAND_DISPLAY": "w-0"]))
    let rig = Rig(support: support)
    rig.controller.start()
    #expect(rig.recorder.events.count == 2)
    #expect(rig.recorder.events[1].hasPrefix("failedToStart:a pure Wayland session"))
    #expect(rig.strip.prepareCount == 0)
    #expect(rig.strip.showCount == 0)
    #expect(!rig.controller.isSupported)
  }

  @Test func unsupportedDesktopReportsAnAutoEntryOnceNotAtEveryFocusChange() {
    let rig = Rig(support: .unsupported("no display"))
    for _ in 0..<3 {
      rig.controller.handle(.mainFocusLost)
      rig.advance(ms: 400)
      rig.controller.handle(.mainFocusGained)
    }
    #expect(rig.recorder.events == ["willStart:focus-lost", "failedToStart:no display"])
  }

  @Test func noLyricsIsNotPossible() {
    let rig = Rig()
    rig.player.lyricsLoaded = false
    rig.controller.invalidatePlaybackState()
    #expect(!rig.controller.isPossible)
    rig.controller.start()
    #expect(rig.recorder.events == ["willStart:user", "failedToStart:no lyrics loaded"])
  }

  @Test func stoppedOrEndedTrackIsNotPossible() {
    for activity in [PlaybackActivity.stopped, .ended, .noTrack] {
      let rig = Rig(activity: activity)
      #expect(!rig.controller.isPossible)
      rig.controller.start()
      #expect(
        rig.recorder.events == ["willStart:user", "failedToStart:no track playing or paused"])
    }
  }

  @Test func pausedTrackIsPossible() {
    let rig = Rig(activity: .paused)
    #expect(rig.controller.isPossible)
    rig.controller.start()
    #expect(rig.controller.isActive)
  }

  @Test func playbackStateIsOnlyReadOnInvalidate() {
    let rig = Rig()
    rig.player.lyricsLoaded = false
    #expect(rig.controller.isPossible)
    rig.controller.invalidatePlaybackState()
    #expect(!rig.controller.isPossible)
  }
}

@Suite struct PiPControllerGraceTests {
  @Test func focusLossEntersOnlyAfterTheGrace() {
    let rig = Rig(settings: PiPSettings(graceMs: 300))
    rig.controller.handle(.mainFocusLost)
    #expect(rig.controller.isEnteringAfterGrace)
    rig.advance(ms: 299)
    #expect(rig.recorder.events.isEmpty)
    #expect(!rig.strip.isShown)
    rig.advance(ms: 1)
    #expect(rig.recorder.events == Rig.started)
    #expect(rig.strip.isShown)
    #expect(!rig.controller.isEnteringAfterGrace)
  }

  @Test func aPassingFocusChangeDoesNotFlicker() {
    let rig = Rig(settings: PiPSettings(graceMs: 250))
    rig.controller.handle(.mainFocusLost)
    rig.advance(ms: 100)
    rig.controller.handle(.mainFocusGained)
    rig.advance(ms: 1_000)
    #expect(rig.recorder.events.isEmpty)
    #expect(rig.strip.showCount == 0)
    #expect(rig.main.restoredAtLines.isEmpty)
  }

  @Test func repeatedFocusLossDoesNotRestartTheGrace() {
    let rig = Rig(settings: PiPSettings(graceMs: 200))
    rig.controller.handle(.mainFocusLost)
    rig.advance(ms: 150)
    rig.controller.handle(.mainFocusLost)
    rig.advance(ms: 50)
    #expect(rig.recorder.events == Rig.started)
  }

  @Test func zeroGraceEntersAtOnce() {
    let rig = Rig(settings: PiPSettings(graceMs: 0))
    rig.controller.handle(.mainFocusLost)
    #expect(rig.recorder.events == Rig.started)
  }

  @Test func pausingDuringTheGraceCancelsTheEntry() {
    let rig = Rig()
    rig.controller.handle(.mainFocusLost)
    rig.advance(ms: 100)
    rig.player.playbackActivity = .paused
    rig.controller.invalidatePlaybackState()
    #expect(!rig.controller.isEnteringAfterGrace)
    rig.advance(ms: 1_000)
    #expect(rig.recorder.events.isEmpty)
  }

  @Test func explicitStopCancelsAPendingEntry() {
    let rig = Rig()
    rig.controller.handle(.mainFocusLost)
    rig.controller.stop()
    rig.advance(ms: 1_000)
    #expect(rig.recorder.events.isEmpty)
  }

  @Test func minimizeDuringTheGraceEntersAtOnceAsMinimized() {
    let rig = Rig()
    rig.controller.handle(.mainFocusLost)
    rig.advance(ms: 50)
    rig.controller.handle(.mainMinimized)
    #expect(rig.recorder.events == ["willStart:minimized", "didStart:minimized"])
    rig.advance(ms: 1_000)
    #expect(rig.recorder.events.count == 2)
  }

  @Test func aStaleGraceFiringThatWasAlreadyDeliveredIsIgnored() {
    // The app's `deliver` queues work for its event loop; the focus comes back before the loop
    // runs it, so the firing arrives after the cancel.
    let queue = WorkQueue()
    let clock = ManualClock()
    let strip = FakeStrip()
    let player = FakePlayer()
    let recorder = EventRecorder()
    let controller = PiPController(
      floating: strip, main: FakeMainWindow(), clock: clock, support: .supported,
      deliver: { work in queue.add(work) })
    controller.delegate = recorder
    controller.playbackDelegate = player
    controller.invalidatePlaybackState()
    controller.handle(.mainFocusLost)
    clock.advance(by: 300_000_000)
    #expect(queue.count == 1)
    controller.handle(.mainFocusGained)
    queue.runAll()
    #expect(recorder.events.isEmpty)
    // And a firing that is current still enters through the queue.
    controller.handle(.mainFocusLost)
    clock.advance(by: 300_000_000)
    queue.runAll()
    #expect(recorder.events == Rig.started)
  }
}

/// Work queued by a fake event loop, run when the test says.
final class WorkQueue: Sendable {
  private let items = Mutex<[@Sendable () -> Void]>([])

  var count: Int { items.withLock { $0.count } }

  func add(_ work: @escaping @Sendable () -> Void) { items.withLock { $0.append(work) } }

  func runAll() {
    let work = items.withLock { items in
      defer { items = [] }
      return items
    }
    for item in work { item() }
  }
}
