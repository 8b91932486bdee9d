import Locking
import Testing

@testable import WindowFrontEnd

/// The strip's desktop state as the bus thread sees it: lock changes are seen at once (so two
/// toggles in a row undo each other), commands go to the window loop, listeners hear changes only.
@Suite struct StripDesktopStateTests {
  final class Recorder: Sendable {
    let commands = Mutex<[StripCommand]>([])
    let changes = Atomic<Int>(0)
  }

  @Test func twoTogglesInARowUndoEachOtherBeforeTheLoopRuns() {
    let recorder = Recorder()
    let state = StripDesktopState(locked: false) { command in
      recorder.commands.withLock { $0.append(command) }
    }
    state.onChange { recorder.changes.add(1, ordering: .relaxed) }
    state.setLocked(!state.isLocked)
    state.setLocked(!state.isLocked)
    #expect(!state.isLocked)
    #expect(recorder.commands.withLock { $0 } == [.setLocked(true), .setLocked(false)])
    #expect(recorder.changes.load(ordering: .relaxed) == 2)
  }

  @Test func sameValuesChangeNothingAndShownFollowsTheLoop() {
    let recorder = Recorder()
    let state = StripDesktopState(locked: true) { command in
      recorder.commands.withLock { $0.append(command) }
    }
    state.onChange { recorder.changes.add(1, ordering: .relaxed) }
    state.setLocked(true)
    state.noteShown(false)
    #expect(recorder.commands.withLock { $0 }.isEmpty)
    #expect(recorder.changes.load(ordering: .relaxed) == 0)
    state.noteShown(true)
    #expect(state.isShown)
    #expect(recorder.changes.load(ordering: .relaxed) == 1)
    state.hide()
    state.show()
    #expect(recorder.commands.withLock { $0 } == [.hide, .show])
  }
}
