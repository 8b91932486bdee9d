import Clocks
import EventStream
import Foundation
import Locking
import LyricsCore
import Playback
import PlayerContract
import SessionWiring
import TestSupport
import Testing

/// The whole play wiring (player, scheduler, presenter, events) on a virtual clock, as a sync
/// script runner drives it: exact and repeatable, no threads, no sleeping.
@Suite(.tags(.sanitized)) struct PlaySessionTests {
  /// A presenter that records what it was asked to show.
  final class RecordingPresenter: LyricsPresenter {
    private let shownLines = Mutex<[Int]>([])
    var lines: [Int] { shownLines.withLock { $0 } }
    func trackChanged(_ info: TrackInfo, lyrics: Lyrics) {}
    func show(_ display: LyricsDisplay, presented: @escaping @Sendable (Double?) -> Void) {
      if display.lineChanged { shownLines.withLock { $0.append(display.lineIndex) } }
      presented(nil)
    }
    func stateChanged(_ state: PlayerState, positionNanos: Int64) {}
    func finish() {}
  }

  static let lyrics = Lyrics(lines: [
    LyricLine(ms: 500, text: "one"),
    LyricLine(
      ms: 1500, text: "two words",
      words: [LyricWord(ms: 1500, text: "two "), LyricWord(ms: 1750, text: "words")]),
  ])

  func run(_ drive: (ManualClock, LyricsSession) -> Void) throws -> (String, [Int]) {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("events-\(UUID().uuidString).jsonl").path
    let clock = ManualClock()
    let events = try EventWriter.open(path: file) { _ in
      JSONField("t", .int(Int(clock.nowNanos / 1_000_000)))
    }
    let presenter = RecordingPresenter()
    let made = VirtualTimeSession(
      [.init(item: .silence(name: "silent", durationNanos: 3_000_000_000), lyrics: Self.lyrics)],
      clock: clock, presenter: presenter, events: events)
    drive(clock, made.session)
    events.finish()
    let text = try String(contentsOfFile: file, encoding: .utf8)
    try? FileManager.default.removeItem(atPath: file)
    return (text, presenter.lines)
  }

  @Test func transcriptIsExactAndRepeatable() throws {
    let drive: (ManualClock, LyricsSession) -> Void = { clock, session in
      session.start()
      clock.advance(by: 1_000_000_000)
      session.pause()
      clock.advance(by: 2_000_000_000)
      session.play()
      clock.advance(by: 3_000_000_000)
    }
    let (first, lines) = try run(drive)
    let (second, _) = try run(drive)
    #expect(first == second)
    #expect(lines == [0, 1])
    let expected = """
      {"event":"ready","track":"silent","durationMs":3000,"lines":2,"output":"virtual"}
      {"event":"state","state":"playing","posMs":0}
      {"event":"line","index":0,"ms":500,"posMs":500,"text":"one","t":500}
      {"event":"state","state":"paused","posMs":1000}
      {"event":"state","state":"playing","posMs":1000}
      {"event":"line","index":1,"ms":1500,"posMs":1500,"text":"two words","t":3500}
      {"event":"word","index":1,"word":0,"posMs":1500}
      {"event":"word","index":1,"word":1,"posMs":1750}
      {"event":"state","state":"ended","posMs":3000}

      """
    #expect(first == expected)
  }

  @Test func seekAndLiveOffsetReplan() throws {
    let (text, lines) = try run { clock, session in
      session.start()
      session.seek(toMs: 1_600)
      clock.advance(by: 100_000_000)
      session.seek(toMs: 0)
      session.adjustOffset(byMs: 200)
      clock.advance(by: 300_000_000)
    }
    #expect(lines == [1, -1, 0])
    #expect(text.contains("{\"event\":\"seek\",\"posMs\":1600}"))
    // With lyrics 200 ms sooner, line 0 (at 500) is up at heard 300 ms.
    #expect(text.contains("{\"event\":\"line\",\"index\":0,\"ms\":500,\"posMs\":300"))
  }
}
