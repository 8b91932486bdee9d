import Clocks
import Dispatch
import Locking
import LyricsCore
import PlayerContract
import Testing

/// A position that moves on by 1 ms at every reading: readings taken one after the other are
/// always later, so whatever order they are taken in, the line they show may only move on.
private final class MovingSource: HeardPositionSource {
  private let readings = Atomic<Int64>(0)
  func heardPosition() -> HeardPosition {
    HeardPosition(
      nanos: readings.add(1_000_000, ordering: .sequentiallyConsistent).newValue, isAdvancing: true)
  }
}

/// Every change delivered, in the order `onChange` was called.
private final class DeliveryLog: Sendable {
  private let changes = Mutex<[SyncScheduler.Change]>([])
  func record(_ change: SyncScheduler.Change) { changes.withLock { $0.append(change) } }
  var all: [SyncScheduler.Change] { changes.withLock { $0 } }
}

@Suite struct SyncSchedulerOrderTests {
  /// A line every millisecond, so nearly every reading is a change.
  static let lyrics = Lyrics(
    lines: (1...5_000).map { LyricLine(ms: $0, text: "line \($0)") })

  /// Four threads replan at once while the position moves (the clock's, the window's, the
  /// decoder's and the output's, in the app): the changes arrive in order, each following the
  /// one before, and the last one delivered is what the scheduler says is on display.
  @Test func concurrentReplansDeliverChangesInOrder() throws {
    for _ in 0..<20 {
      let log = DeliveryLog()
      let scheduler = SyncScheduler(
        timeline: Timeline(lyrics: Self.lyrics), source: MovingSource(), clock: ManualClock()
      ) { log.record($0) }
      scheduler.start()
      DispatchQueue.concurrentPerform(iterations: 4) { _ in
        for _ in 0..<400 { scheduler.replan() }
      }
      let changes = log.all
      try #require(changes.count > 100)
      // Each change follows the one delivered before it, and the line only moves on.
      let firstOutOfOrder = changes.indices.first { index in
        let before =
          index == 0 ? Timeline.Position(line: -1, word: nil) : changes[index - 1].position
        return changes[index].previous != before
          || changes[index].position.line <= changes[index].previous.line
      }
      #expect(
        firstOutOfOrder == nil, "out of order at change \(firstOutOfOrder ?? 0) of \(changes.count)"
      )
      guard firstOutOfOrder == nil else { return }
      #expect(changes.last?.position == scheduler.current)
    }
  }

  /// The same four threads: every change comes after the display clock it was read from, and
  /// the clocks come in the order they were made, so a front end that reads the line from the
  /// last clock it was given shows what the scheduler announced.
  @Test func concurrentReplansDeliverEachClockBeforeItsChanges() throws {
    enum Handed: Sendable {
      case clock(DisplayClock)
      case change(SyncScheduler.Change)
    }
    let handed = Mutex<[Handed]>([])
    let scheduler = SyncScheduler(
      timeline: Timeline(lyrics: Self.lyrics), source: MovingSource(), clock: ManualClock(),
      onClock: { clock in handed.withLock { $0.append(.clock(clock)) } }
    ) { change in handed.withLock { $0.append(.change(change)) } }
    scheduler.start()
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<400 { scheduler.replan() }
    }
    var last: DisplayClock?
    var changes = 0
    for item in handed.withLock({ $0 }) {
      switch item {
      case .clock(let clock):
        if let last { #expect(clock.heard.nanos > last.heard.nanos) }
        last = clock
      case .change(let change):
        changes += 1
        #expect(change.clock == last)
      }
    }
    #expect(changes > 100)
  }

  /// `onChange` may call back into the scheduler (the app sets the offset or replans from a
  /// change): no deadlock, and the change that call makes comes after the one being delivered.
  @Test func callbackMayReplan() {
    let log = DeliveryLog()
    let box = Mutex<SyncScheduler?>(nil)
    let scheduler = SyncScheduler(
      timeline: Timeline(lyrics: Self.lyrics), source: MovingSource(), clock: ManualClock()
    ) { change in
      log.record(change)
      if log.all.count < 5 { box.withLock { $0 }?.replan() }
    }
    box.withLock { $0 = scheduler }
    scheduler.start()
    let lines = log.all.map(\.position.line)
    #expect(lines == [0, 1, 2, 3, 4])
    // The box and the scheduler's callback hold each other: break the cycle, or the scheduler
    // and its timeline outlive the test (LeakSanitizer).
    box.withLock { $0 = nil }
  }
}
