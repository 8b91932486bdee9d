import Clocks
import EventStream
import Locking
import LyricsCore
import Playback
import PlayerContract
import SessionWiring
import TestSupport
import Testing

/// The seams of the one session wiring, on the real Player in virtual time: lyrics that arrive
/// after the track started, and a track's own offset set with its lines.
@Suite(.tags(.sanitized)) struct LyricsSessionTests {
  /// A lookup that answers when the test says so.
  final class SlowLookup: LyricsProvider {
    private let answers = Mutex<[@Sendable (FoundLyrics?) -> Void]>([])
    func findLyrics(for track: TrackInfo, answer: @escaping @Sendable (FoundLyrics?) -> Void) {
      answers.withLock { $0.append(answer) }
    }
    func answer(_ lyrics: Lyrics) {
      for answer in answers.withLock({ $0 }) { answer(FoundLyrics(lyrics: lyrics)) }
    }
  }

  func make(
    _ tracks: [SessionTrack], lyricsProvider: LyricsProvider? = nil,
    trackOffsetMs: @escaping @Sendable (TrackInfo) -> Int = { _ in 0 }
  ) -> (ManualClock, LyricsSession, SessionEventLog) {
    let log = SessionEventLog()
    let made = VirtualTimeSession(
      tracks, events: log, lyricsProvider: lyricsProvider, trackOffsetMs: trackOffsetMs)
    return (made.clock, made.session, log)
  }

  static func silence(_ name: String, seconds: Int64) -> PlayerItem {
    .silence(name: name, durationNanos: seconds * 1_000_000_000)
  }

  @Test func lyricsThatArriveMidSongShowTheLineHeardNow() {
    let lookup = SlowLookup()
    let (clock, session, log) = make(
      [SessionTrack(item: Self.silence("song", seconds: 5), lyrics: nil)], lyricsProvider: lookup)
    session.start()
    clock.advance(by: 2_200_000_000)
    #expect(log.lines.isEmpty)
    lookup.answer(
      Lyrics(lines: [
        LyricLine(ms: 1_000, text: "one"), LyricLine(ms: 2_000, text: "two"),
        LyricLine(ms: 3_000, text: "three"),
      ]))
    #expect(session.hasLyrics)
    clock.advance(by: 1_000_000_000)
    #expect(log.lines.map(\.text) == ["two", "three"])
    #expect(log.lines.map(\.posMs) == [2_200, 3_000])
    #expect(
      log.all.contains {
        if case .lyrics = $0 { return true }
        return false
      })
  }

  /// The next track's own offset is set with its lines, in one plan: no line of the previous
  /// track is announced at the change (the presenter used to set the offset first, planning
  /// once against the previous track's lines).
  @Test func aTracksOffsetIsPlannedAgainstItsOwnLines() {
    let first = Lyrics(lines: [LyricLine(ms: 500, text: "a1"), LyricLine(ms: 1_500, text: "a2")])
    let second = Lyrics(lines: [LyricLine(ms: 1_500, text: "b1")])
    let (clock, session, log) = make(
      [
        SessionTrack(item: Self.silence("one", seconds: 2), lyrics: first),
        SessionTrack(item: Self.silence("two", seconds: 2), lyrics: second),
      ], trackOffsetMs: { $0.path == "two" ? 1_000 : 0 })
    session.start()
    clock.advance(by: 3_000_000_000)
    #expect(log.lines.map(\.text) == ["a1", "a2", "b1"])
    // b1 at 1.5 s of its lyrics, which are 1 s sooner: heard at 0.5 s.
    #expect(log.lines.last?.posMs == 500)
    #expect(session.offsetMs == 1_000)
  }
}

extension LyricsSessionTests {
  /// A gapless change of track: the next track's lines start at the instant its first sample is
  /// heard (1.005 s, inside one of the output's periods), not when it was decoded ahead.
  @Test func theNextTracksLinesStartWhenItsFirstSampleIsHeard() {
    let first = SessionTrack(
      item: .silence(name: "a", durationNanos: 1_005_000_000),
      lyrics: Lyrics(lines: [LyricLine(ms: 500, text: "a one")]))
    let second = SessionTrack(
      item: .silence(name: "b", durationNanos: 2_000_000_000),
      lyrics: Lyrics(lines: [
        LyricLine(ms: 0, text: "b one"), LyricLine(ms: 400, text: "b two"),
      ]))
    let (clock, session, log) = make([first, second])
    session.start()
    let seen = Mutex<[(text: String, atNanos: Int64)]>([])
    // Unowned: the session keeps its listeners, so a strong capture would keep it alive for ever.
    session.addLineListener { [unowned session] index in
      let lines = session.currentLyrics.lines
      let text = index < lines.count ? lines[index].text : "-"
      seen.withLock { $0.append((text, clock.nowNanos)) }
    }
    clock.advance(by: 1_004_000_000)
    #expect(log.lines.map(\.text) == ["a one"])
    clock.advance(by: 1_000_000)
    clock.advance(by: 500_000_000)
    #expect(log.lines.map(\.text) == ["a one", "b one", "b two"])
    #expect(log.lines.map(\.posMs) == [500, 0, 400])
    let times = seen.withLock { $0 }.filter { $0.text.hasPrefix("b") }.map(\.atNanos)
    #expect(times == [1_005_000_000, 1_405_000_000])
  }
}

extension LyricsSessionTests {
  /// A bilingual LRC's line carries its translation in its `line` event; a line of the same
  /// file without one is written as it always was, with no `translation` key at all.
  @Test func aLineWithATranslationSaysItALineWithoutOneHasNoKey() {
    let lyrics = LRCParser.parse(
      "[00:01.00]月光照在河面上\n[00:01.00]Moonlight on the river\n[00:02.00]No translation here\n"
    ).lyrics
    #expect(lyrics.lines.map(\.translation) == ["Moonlight on the river", nil])
    let (clock, session, log) = make([
      SessionTrack(item: Self.silence("song", seconds: 3), lyrics: lyrics)
    ])
    session.start()
    clock.advance(by: 2_500_000_000)
    let written = log.all.filter {
      if case .line = $0 { return true }
      return false
    }.map { $0.line() }
    #expect(
      written == [
        #"{"event":"line","index":0,"ms":1000,"posMs":1000,"text":"月光照在河面上","#
          + #""translation":"Moonlight on the river"}"#,
        #"{"event":"line","index":1,"ms":2000,"posMs":2000,"text":"No translation here"}"#,
      ])
  }

  /// An empty translation (a reader that kept a blank second line) is none: there is nothing to
  /// show under the line.
  @Test func anEmptyTranslationIsNone() {
    let lyrics = Lyrics(lines: [LyricLine(ms: 500, text: "一", translation: "")])
    let (clock, session, log) = make([
      SessionTrack(item: Self.silence("song", seconds: 1), lyrics: lyrics)
    ])
    session.start()
    clock.advance(by: 600_000_000)
    let lines = log.all.compactMap { event -> String? in
      guard case .line = event else { return nil }
      return event.line()
    }
    #expect(lines == [#"{"event":"line","index":0,"ms":500,"posMs":500,"text":"一"}"#])
  }
}

extension SessionEventLog {
  /// The `line` events as (text, posMs).
  var lines: [(text: String, posMs: Int)] {
    all.compactMap { event in
      guard case .line(_, _, let posMs, let text, _, _) = event else { return nil }
      return (text, posMs)
    }
  }
}
