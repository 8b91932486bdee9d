import Session
import TestSupport
import Testing

/// Random sequences of everything that can happen, checked against the lifecycle's rules: events
/// in a legal order, each transition once, the strip on screen exactly while active, created once.
@Suite struct PiPInvariantTests {
  enum Step: CaseIterable {
    case focusLost, focusGained, minimized, unminimized, stripRestore, stripClose, start, stop
    case play, pause, stopPlayback, wait, failNextShow, dropLyrics
  }

  /// The window and timing steps often, the ones that make starts fail now and then.
  static let weighted: [Step] =
    Array(repeating: [.focusLost, .focusGained, .wait, .start, .stripRestore, .play], count: 4)
    .flatMap { $0 } + Step.allCases

  /// The legal successors of each event (nil: the start, or after a didStop/failedToStart).
  static func isLegal(_ previous: String?, _ next: String) -> Bool {
    switch previous {
    case nil, "didStop", "failedToStart": next == "willStart"
    case "willStart": next == "didStart" || next == "failedToStart"
    case "didStart": next == "willStop"
    case "willStop": next == "restore" || next == "didStop"
    case "restore": next == "didStop"
    default: false
    }
  }

  @Test(arguments: 1...20)
  func randomHistoriesKeepTheRules(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed))
    let rig = Rig(settings: PiPSettings(autoEnterWhenPaused: seed.isMultiple(of: 2)))
    for _ in 0..<400 {
      let step = Self.weighted.randomElement(using: &random) ?? .wait
      apply(step, to: rig, random: &random)
      #expect(rig.controller.isActive == rig.strip.isShown, "seed \(seed)")
    }
    var previous: String?
    for event in rig.recorder.events {
      let transition = String(event.prefix { $0 != ":" })
      #expect(Self.isLegal(previous, transition), "seed \(seed): \(previous ?? "-") → \(event)")
      previous = transition
    }
    #expect(rig.strip.prepareCount <= 1)
    let shows = rig.recorder.events.filter { $0.hasPrefix("didStart") }.count
    #expect(rig.strip.showCount == shows)
    // Not vacuous: the histories do enter, fail and go back.
    #expect(shows >= 1, "seed \(seed)")
    #expect(rig.recorder.events.contains { $0.hasPrefix("failedToStart") }, "seed \(seed)")
    let restores = rig.recorder.events.filter { $0.hasPrefix("restore") }.count
    #expect(rig.main.restoredAtLines.count == restores)
  }

  private func apply(_ step: Step, to rig: Rig, random: inout SeededGenerator) {
    let controller = rig.controller
    switch step {
    case .focusLost: controller.handle(.mainFocusLost)
    case .focusGained: controller.handle(.mainFocusGained)
    case .minimized: controller.handle(.mainMinimized)
    case .unminimized: controller.handle(.mainRestored)
    case .stripRestore: controller.handle(.stripRestoreRequested)
    case .stripClose: controller.handle(.stripCloseRequested)
    case .start: controller.start()
    case .stop: controller.stop()
    case .play, .pause, .stopPlayback:
      rig.player.playbackActivity = [.play: .playing, .pause: .paused][step] ?? .stopped
      controller.invalidatePlaybackState()
    case .wait: rig.advance(ms: Int.random(in: 0...400, using: &random))
    case .failNextShow:
      rig.strip.showError = rig.strip.showError == nil ? SurfaceError("refused") : nil
    case .dropLyrics:
      rig.player.lyricsLoaded.toggle()
      controller.invalidatePlaybackState()
    }
  }
}
