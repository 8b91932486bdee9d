import Clocks
import Locking
import LyricsCore
import PlayerContract
import Testing

/// A heard-position source driven by a manual clock: plays at rate 1 from `start` while playing.
final class FakeSource: HeardPositionSource, Sendable {
  private struct State {
    var base: Int64 = 0
    var since: Int64?
    /// Audio lagging the clock, nanoseconds per second of play (negative: ahead).
    var lagPerSecond: Int64 = 0
  }
  private let state = Mutex(State())
  private let clock: ManualClock

  init(clock: ManualClock) { self.clock = clock }

  /// Audio lagging the clock, nanoseconds per second of play (negative: ahead).
  var lagPerSecond: Int64 {
    get { state.withLock { $0.lagPerSecond } }
    set { state.withLock { $0.lagPerSecond = newValue } }
  }

  func play() { state.withLock { $0.since = clock.nowNanos } }
  func pause() {
    state.withLock {
      $0.base = position($0)
      $0.since = nil
    }
  }
  func seek(_ nanos: Int64) {
    state.withLock {
      $0.base = nanos
      if $0.since != nil { $0.since = clock.nowNanos }
    }
  }

  private func position(_ state: State) -> Int64 {
    guard let since = state.since else { return state.base }
    let elapsed = clock.nowNanos - since
    return state.base + elapsed - elapsed / 1_000_000_000 * state.lagPerSecond
  }

  func heardPosition() -> HeardPosition {
    state.withLock { HeardPosition(nanos: position($0), isAdvancing: $0.since != nil) }
  }
}

/// Records the changes a scheduler announces, with the clock time of each.
final class ChangeLog: Sendable {
  private let entries = Mutex<[(at: Int64, change: SyncScheduler.Change)]>([])
  let clock: ManualClock
  init(clock: ManualClock) { self.clock = clock }
  func record(_ change: SyncScheduler.Change) {
    let now = clock.nowNanos
    entries.withLock { $0.append((now, change)) }
  }
  var all: [(at: Int64, change: SyncScheduler.Change)] { entries.withLock { $0 } }
  var lines: [Int] { all.filter(\.change.lineChanged).map(\.change.position.line) }
}

@Suite struct SyncSchedulerTests {
  static let lyrics = Lyrics(lines: [
    LyricLine(ms: 1000, text: "one"),
    LyricLine(
      ms: 2000, text: "two words",
      words: [LyricWord(ms: 2000, text: "two "), LyricWord(ms: 2500, text: "words")]),
    LyricLine(ms: 4000, text: "three"),
  ])

  func make(offsetMs: Int = 0) -> (ManualClock, FakeSource, SyncScheduler, ChangeLog) {
    let clock = ManualClock()
    let source = FakeSource(clock: clock)
    let log = ChangeLog(clock: clock)
    let scheduler = SyncScheduler(
      timeline: Timeline(lyrics: Self.lyrics), source: source, clock: clock, offsetMs: offsetMs
    ) { log.record($0) }
    return (clock, source, scheduler, log)
  }

  @Test func announcesEachChangeAtItsExactInstant() {
    let (clock, source, scheduler, log) = make()
    source.play()
    scheduler.start()
    clock.advance(by: 5_000_000_000)
    let times = log.all.map { ($0.at, $0.change.position.line, $0.change.position.word) }
    #expect(times.map(\.0) == [1_000_000_000, 2_000_000_000, 2_500_000_000, 4_000_000_000])
    #expect(times.map(\.1) == [0, 1, 1, 2])
    #expect(times.map(\.2) == [nil, 0, 1, nil])
  }

  @Test func doesNotWakeWhilePaused() {
    let (clock, source, scheduler, log) = make()
    source.play()
    scheduler.start()
    clock.advance(by: 500_000_000)
    source.pause()
    scheduler.replan()
    #expect(clock.nextDeadlineNanos == nil)
    clock.advance(by: 10_000_000_000)
    #expect(log.all.isEmpty)
    source.play()
    scheduler.replan()
    clock.advance(by: 500_000_000)
    #expect(log.lines == [0])
    #expect(log.all.first?.at == 11_000_000_000)
  }

  @Test func seekAnnouncesTheLineAtTheNewPosition() {
    let (clock, source, scheduler, log) = make()
    source.play()
    scheduler.start()
    source.seek(4_200_000_000)
    scheduler.replan()
    #expect(log.lines == [2])
    source.seek(0)
    scheduler.replan()
    #expect(log.lines == [2, -1])
    clock.advance(by: 1_000_000_000)
    #expect(log.lines == [2, -1, 0])
  }

  @Test func positiveOffsetShowsLyricsSooner() {
    let (clock, source, scheduler, log) = make(offsetMs: 250)
    source.play()
    scheduler.start()
    clock.advance(by: 1_000_000_000)
    #expect(log.all.first?.at == 750_000_000)
    scheduler.offsetMs = -250
    // The change is undone at once: at 1.0 s heard, lyrics are at 0.75 s: nothing yet.
    #expect(log.lines == [0, -1])
    clock.advance(by: 250_000_000)
    #expect(log.lines == [0, -1, 0])
  }

  @Test func latencyIsAnnouncedAhead() {
    let (clock, source, scheduler, log) = make()
    scheduler.latencyNanos = 16_000_000
    source.play()
    scheduler.start()
    clock.advance(by: 1_000_000_000)
    #expect(log.all.first?.at == 984_000_000)
  }

  @Test func followsTheAudioClockWhenItLags() {
    let (clock, source, scheduler, log) = make()
    // The audio runs 10 ms per second slower than the clock, like a drifting sound card.
    source.lagPerSecond = 10_000_000
    source.play()
    scheduler.start()
    clock.advance(by: 6_000_000_000)
    let expected = [1000, 2000, 2500, 4000]
    #expect(log.all.count == expected.count)
    for (entry, changeMs) in zip(log.all, expected) {
      // Never before the audio got there, and not later than 1 ms after.
      #expect(entry.change.lyricMs == changeMs)
      #expect(entry.change.heard.nanos >= Int64(changeMs) * 1_000_000)
      #expect(entry.change.heard.nanos < Int64(changeMs + 1) * 1_000_000)
    }
    // Heard 4.0 s only at about clock 4.04 s.
    #expect((log.all.last?.at ?? 0) > 4_030_000_000)
  }

  @Test func stopDropsTheWakeUp() {
    let (clock, source, scheduler, log) = make()
    source.play()
    scheduler.start()
    scheduler.stop()
    clock.advance(by: 5_000_000_000)
    #expect(log.all.isEmpty)
  }
}
