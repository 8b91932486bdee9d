import EventStream
import Foundation
import Locking
import PlayerContract
import TestSupport
import Testing

/// The `--events` protocol as docs/cli.md documents it: every event in the page's table has an
/// example line there, and `EventWriter` writes each of the samples below byte for byte as one
/// of those lines says. The lines are read from the page, so a doc and a program that part (a
/// key renamed or moved, an event added to one of them) fail here.
@Suite struct SessionEventDocTests {
  /// One sample of each event and form, as the page's example lines show them (their `mono`
  /// comes from the line, except where the event carries its own moment).
  static let samples: [SessionEvent] = [
    .ready(
      track: "/usr/local/share/lyricpip/Assets/demo.ogg", durationMs: 37_104, lines: 9,
      output: "pulse", video: "x11", strip: "x11"),
    .seek(posMs: 33_900),
    .line(
      index: 7, ms: 31_400, posMs: 33_900, text: "Thank you for listening",
      translation: nil, presentedAt: nil),
    .word(line: 7, word: 3, posMs: 33_900),
    .state(.playing, posMs: 33_900),
    .main(.focusLost),
    .pip(state: "willStart", reason: "focus-lost"),
    .pip(state: "didStart", reason: "focus-lost"),
    .strip(.shown(reason: "focus-lost")),
    .line(index: 8, ms: 35_100, posMs: 35_102, text: "", translation: nil, presentedAt: 665.920244),
    .state(.ended, posMs: 37_104),
    .pip(state: "didStart", reason: "user"),
    .strip(.shown(reason: "user")),
    .strip(.hidden(reason: "fullscreen")),
    .strip(.shown(reason: "fullscreen-ended")),
    .line(
      index: 12, ms: 48_250, posMs: 48_262, text: "月光照在河面上",
      translation: "Moonlight on the river", presentedAt: 680.112903),
    .main(.restored(line: 6)),
    .main(.raised),
    .offset(offsetMs: -250),
    .offsetSaved(path: "/home/me/Music/Song.lrc", fileOffsetMs: -250),
    .output(.waiting(message: "Connection refused")),
    .output(.lost(message: "Connection terminated")),
    .output(.reconnected(posMs: 48_210)),
    .output(.underflow(count: 1)),
    .lyrics(lines: 42, path: nil, reloaded: false),
    .lyrics(lines: 42, path: "/home/me/Music/Song.lrc", reloaded: true),
    .lyricsStatus(LyricsStatus(.lookingUp)),
    .lyricsStatus(LyricsStatus(.timed, source: "LRCLIB", provider: "lrclib")),
    .lyricsStatus(LyricsStatus(.timed, source: "cache (NetEase)", provider: "netease")),
    .choices(count: 5, message: nil),
    .choices(count: 0, message: "lrclib.net: Couldn't resolve host name"),
    .strip(.locked),
    .order(shuffle: true, repeatMode: .all),
    .queued(tracks: 12),
    .player(name: "org.mpris.MediaPlayer2.mpv", identity: "mpv Media Player", pid: 4242),
    .player(name: nil, identity: nil, pid: nil),
    .anchor(
      source: "change", saidUs: 1_020_000, callUs: 850, beforeUs: 1_000_412, afterUs: 1_020_425,
      verdict: "anchored", handledAt: 7.450119),
    .anchor(
      source: "seeked", saidUs: 60_000_000, callUs: nil, beforeUs: 31_220_040,
      afterUs: 60_000_000, verdict: "seeked", handledAt: 40.118002),
    .dropped(count: 120),
    .settings(.reloaded(applied: ["opacity", "look", "replaygain"], restart: ["grace-ms"])),
    .settings(
      .kept(
        message: "the settings were not reloaded, the settings in use stay: "
          + "/home/me/.config/lyricpip/config:1: replaygain must be track, album or off, "
          + "not 'loud'; keeping the default")),
    .error(
      message: "cannot play /home/me/Music/broken.ogg: Invalid data found when processing input"),
  ]

  /// Which case `event` is, by its place in the enum. No `default`: a new case does not compile
  /// here until it gets a number, a sample above and an example line in docs/cli.md.
  static func caseNumber(_ event: SessionEvent) -> Int {
    switch event {
    case .ready: 0
    case .state: 1
    case .line: 2
    case .word: 3
    case .seek: 4
    case .pip: 5
    case .main: 6
    case .offset: 7
    case .offsetSaved: 8
    case .output: 9
    case .lyrics: 10
    case .lyricsStatus: 11
    case .choices: 12
    case .strip: 13
    case .order: 14
    case .queued: 15
    case .player: 16
    case .anchor: 17
    case .dropped: 18
    case .settings: 19
    case .error: 20
    }
  }
  static let caseCount = 21

  /// docs/cli.md's section "Events (`--events`)", up to the next section.
  static func eventsSection() throws -> Substring {
    let page = try String(
      contentsOf: Paths.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
    let start = try #require(page.range(of: "\n## Events (`--events`)\n"))
    let rest = page[start.upperBound...]
    return rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
  }

  /// The events the section's table names, in its order.
  static func tableNames(_ section: Substring) -> [String] {
    section.split(separator: "\n").compactMap { row in
      (row.firstMatch(of: /^\| `([a-z-]+)` \|/)?.output.1).map(String.init)
    }
  }

  /// The section's example lines: every line that is a JSON event.
  static func exampleLines(_ section: Substring) -> [String] {
    section.split(separator: "\n").filter { $0.hasPrefix("{\"event\":") }.map(String.init)
  }

  static func eventName(_ line: String) -> String? {
    (line.firstMatch(of: /^\{"event":"([^"]*)"/)?.output.1).map(String.init)
  }

  /// The `mono` an example line ends with, if any.
  static func mono(_ line: String) -> Double? {
    (line.firstMatch(of: /,"mono":([0-9.]+)\}$/)?.output.1).flatMap { Double($0) }
  }

  /// `event` as `play --events` writes it, when "now" is `now` (an example line's `mono`).
  static func written(_ event: SessionEvent, now: Double?) -> String {
    event.line { moment in
      switch moment {
      case .unstamped: nil
      case .whenWritten: now.map { EventWriter.mono($0) }
      case .at(let seconds): EventWriter.mono(seconds)
      }
    }
  }

  @Test func everyEventOfTheTableHasAnExampleAndNoExampleIsOfAnotherEvent() throws {
    let section = try Self.eventsSection()
    let names = Self.tableNames(section)
    #expect(names.count >= Self.caseCount, "\(names)")
    #expect(Set(names).count == names.count, "an event twice in the table: \(names)")
    let exampled = Set(Self.exampleLines(section).compactMap(Self.eventName))
    #expect(Set(names).subtracting(exampled).isEmpty, "no example line for these events")
    #expect(exampled.subtracting(names).isEmpty, "examples of events the table does not name")
  }

  @Test func everyCaseHasASampleAndEverySampleIsADocumentedEvent() throws {
    #expect(Set(Self.samples.map(Self.caseNumber)) == Set(0..<Self.caseCount))
    let names = Set(Self.tableNames(try Self.eventsSection()))
    for sample in Self.samples {
      let name = try #require(Self.eventName(sample.line()))
      #expect(names.contains(name), "\(name) is not in docs/cli.md's table")
    }
  }

  /// The names a `state` and a `lyrics-status` event give their typed state (spelled in
  /// `SessionEvent` alone) are the ones the page's table lists for it. (`opening` is shown by
  /// the windows only; no event is written for it.)
  @Test func theStateNamesAreTheTables() throws {
    let rows = try Self.eventsSection().split(separator: "\n")
    func listed(_ event: String) throws -> Substring {
      try #require(rows.first { $0.hasPrefix("| `\(event)` |") })
    }
    func stateName(_ event: SessionEvent) throws -> String {
      let line = event.line()
      let match = try #require(line.firstMatch(of: /"state":"([^"]*)"/), "\(line)")
      return String(match.output.1)
    }
    let players: [PlayerState] = [.playing, .paused, .stopped, .ended]
    for state in players {
      let name = try stateName(.state(state, posMs: 0))
      #expect(try listed("state").contains("`\(name)`"), "\(state) is written as \(name)")
    }
    let statuses: [LyricsStatus.State] = [
      .timed, .lookingUp, .plain("words"), .instrumental, .notFound, .noneChosen, .failed("why"),
    ]
    for state in statuses {
      let name = try stateName(.lyricsStatus(LyricsStatus(state)))
      #expect(try listed("lyrics-status").contains("`\(name)`"), "\(state) is written as \(name)")
    }
  }

  /// Each example line of the page is what one of the samples is written as, and each sample is
  /// written as one of the page's lines.
  @Test func theExampleLinesAreWhatTheProgramWrites() throws {
    let lines = Self.exampleLines(try Self.eventsSection())
    #expect(lines.count >= Self.samples.count)
    for line in lines {
      let matched = Self.samples.contains { Self.written($0, now: Self.mono(line)) == line }
      #expect(
        matched, "no event is written as docs/cli.md's line\n\(line)\nnearest: \(nearest(line))")
    }
    for sample in Self.samples {
      let matched = lines.contains { Self.written(sample, now: Self.mono($0)) == $0 }
      #expect(matched, "docs/cli.md has no line for \(sample): \(Self.written(sample, now: 0))")
    }
  }

  /// The sample of the same event whose line shares the longest start with `line`.
  private func nearest(_ line: String) -> String {
    let candidates = Self.samples.map { Self.written($0, now: Self.mono(line)) }
      .filter { Self.eventName($0) == Self.eventName(line) }
    return candidates.max { common($0, line) < common($1, line) } ?? "(no sample of that event)"
  }

  private func common(_ one: String, _ other: String) -> Int {
    zip(one, other).prefix { $0 == $1 }.count
  }

  /// The writer itself, not only `line(time:)`: the samples through a real `EventWriter` come
  /// out as the page's lines, with `mono` on exactly the stamped ones.
  @Test func theWriterWritesThePageLines() throws {
    let lines = Self.exampleLines(try Self.eventsSection())
    let expected = try Self.samples.map { sample in
      try #require(lines.first { Self.written(sample, now: Self.mono($0)) == $0 })
    }
    let written = try withTemporaryDirectory { folder in
      let path = folder.appendingPathComponent("events.jsonl").path
      // "Now" for each event is its example line's moment, read when the writer stamps it.
      let now = Mutex<Double>(0)
      let writer = try EventWriter.open(path: path) { at in
        EventWriter.mono(at ?? now.withLock { $0 })
      }
      for (sample, line) in zip(Self.samples, expected) {
        now.withLock { $0 = Self.mono(line) ?? -1 }
        writer.emit(sample)
      }
      #expect(writer.finish())
      return try String(contentsOfFile: path, encoding: .utf8)
    }
    #expect(written == expected.map { $0 + "\n" }.joined())
  }
}
