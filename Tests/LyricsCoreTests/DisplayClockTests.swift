import Clocks
import Locking
import LyricsCore
import PlayerContract
import Testing

/// The one display clock: what the scheduler hands out, and that reading a line from it at any
/// instant (as the windows do at each frame) agrees with the scheduler's own changes.
@Suite struct DisplayClockTests {
  /// What a scheduler handed out, in order: clocks and changes.
  final class Handed: Sendable {
    enum Item: Equatable, Sendable {
      case clock(DisplayClock)
      case change(Timeline.Position)
    }
    private let items = Mutex<[Item]>([])
    func add(_ item: Item) { items.withLock { $0.append(item) } }
    var all: [Item] { items.withLock { $0 } }
    var clocks: [DisplayClock] {
      all.compactMap { if case .clock(let clock) = $0 { clock } else { nil } }
    }
  }

  func make(offsetMs: Int = 0) -> (ManualClock, FakeSource, SyncScheduler, Handed) {
    let clock = ManualClock()
    let source = FakeSource(clock: clock)
    let handed = Handed()
    let scheduler = SyncScheduler(
      timeline: Timeline(lyrics: SyncSchedulerTests.lyrics), source: source, clock: clock,
      offsetMs: offsetMs, onClock: { handed.add(.clock($0)) }
    ) { handed.add(.change($0.position)) }
    return (clock, source, scheduler, handed)
  }

  @Test func lyricTimeMovesOnOnlyWhileAdvancing() {
    let playing = DisplayClock(
      heard: HeardPosition(nanos: 1_000_000_000, isAdvancing: true), atNanos: 5_000_000_000,
      offsetMs: 250, latencyNanos: 16_000_000)
    #expect(playing.lyricNanos(at: 5_500_000_000) == 1_766_000_000)
    #expect(playing.lyricMs(at: 5_500_000_000) == 1_766)
    var paused = playing
    paused.heard.isAdvancing = false
    #expect(paused.lyricMs(at: 9_000_000_000) == 1_266)
    // Rounded down below zero too, as the heard position is.
    let early = DisplayClock(heard: HeardPosition(nanos: 0, isAdvancing: false), offsetMs: -1)
    #expect(early.lyricMs(at: 0) == -1)
  }

  @Test func theClockComesBeforeTheChangeItBrings() {
    let (clock, source, scheduler, handed) = make()
    source.play()
    scheduler.start()
    clock.advance(by: 500_000_000)
    let before = handed.all.count
    source.seek(4_200_000_000)
    scheduler.replan()
    let seek = Array(handed.all.dropFirst(before))
    guard seek.count == 2, case .clock(let moved) = seek[0] else {
      Issue.record("a seek handed out \(seek)")
      return
    }
    #expect(seek[1] == .change(Timeline.Position(line: 2, word: nil)))
    #expect(moved.isAdvancing)
    #expect(moved.atNanos == 500_000_000)
    #expect(moved.heard.nanos == 4_200_000_000)
  }

  @Test func theOffsetIsTheClocksAndANewOneIsPublished() {
    let (_, source, scheduler, handed) = make(offsetMs: 120)
    source.play()
    scheduler.start()
    #expect(scheduler.displayClock.offsetMs == 120)
    scheduler.offsetMs = -80
    #expect(scheduler.offsetMs == -80)
    #expect(handed.clocks.last?.offsetMs == -80)
  }

  @Test func aClockThatKeepsTheSameTimeIsNotPublishedAgain() {
    let (clock, source, scheduler, handed) = make()
    source.play()
    scheduler.start()
    // The source moves with the clock: reading it again tells the front end nothing new.
    clock.advance(by: 300_000_000)
    scheduler.replan()
    #expect(handed.clocks.count == 1)
    source.pause()
    scheduler.replan()
    scheduler.replan()
    #expect(handed.clocks.count == 2)
    #expect(handed.clocks.last?.isAdvancing == false)
  }

  @Test func newLinesBumpTheRevision() {
    let (_, source, scheduler, handed) = make()
    source.play()
    scheduler.start()
    let first = scheduler.displayClock.timelineRevision
    scheduler.setTimeline(Timeline(lyrics: Lyrics(lines: [LyricLine(ms: 0, text: "new")])))
    #expect(scheduler.displayClock.timelineRevision == first + 1)
    #expect(handed.clocks.last?.timelineRevision == first + 1)
  }

  /// The windows read the line at each frame from the last clock handed out; at every instant
  /// they must show what the scheduler announced last, and wake when it does.
  @Test func readingTheClockAtAnyInstantAgreesWithTheScheduler() {
    let (clock, source, scheduler, handed) = make(offsetMs: 130)
    let timeline = Timeline(lyrics: SyncSchedulerTests.lyrics)
    source.lagPerSecond = 3_000_000
    source.play()
    scheduler.start()
    var instant: Int64 = 0
    while instant < 5_000_000_000 {
      instant += 7_000_000
      clock.advance(to: instant)
      guard let published = handed.clocks.last else { continue }
      // Nothing is announced before the first line: line -1 is on display from the start.
      let announced =
        handed.all.last { if case .change = $0 { true } else { false } }
        ?? .change(Timeline.Position(line: -1, word: nil))
      #expect(announced == .change(timeline.position(at: instant, on: published)))
      if let due = timeline.nextChange(after: instant, on: published) {
        #expect(due > instant)
        #expect(clock.nextDeadlineNanos == due)
      }
    }
  }
}
