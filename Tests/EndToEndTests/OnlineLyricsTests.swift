import Foundation
import TestSupport
import Testing

/// `lyricpip play` with the online lookup, against the local LRCLIB-compatible server: the
/// answer may come mid-song, fail, or never come, and the song plays on regardless.
@Suite(.timeLimit(.minutes(5))) struct OnlineLyricsTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory()
  }

  /// A tagged 4 s track with no lyrics on this computer, and a server that knows its lyrics.
  func trackAndRecords() throws -> (track: String, records: String) {
    try taggedTrack(
      "song.ogg", title: "Online Song", artist: "Online Artist", seconds: 4,
      records: #"""
        [{"id": 5, "trackName": "Online Song", "artistName": "Online Artist", "duration": 4.0,
          "instrumental": false, "plainLyrics": "one\ntwo\nthree\nfour\n",
          "syncedLyrics": "[00:00.30]one\n[00:01.00]two\n[00:02.00]three\n[00:03.00]four\n"}]
        """#)
  }

  /// A tone of `seconds` tagged with `title` and `artist`, and `records` (the server's JSON)
  /// in a file beside it.
  func taggedTrack(
    _ name: String, title: String, artist: String, seconds: Int, records: String
  ) throws -> (track: String, records: String) {
    let track = folder.appendingPathComponent(name).path
    try ToneFile.write(
      to: track, seconds: Double(seconds), tags: ["title": title, "artist": artist])
    return (track, try folder.write("records.json", Array(records.utf8)))
  }

  func play(
    _ arguments: [String], server: String, config: String? = nil,
    environment extra: [String: String] = [:]
  ) throws
    -> (result: ProcessResult, events: [[String: Any]], seconds: Double)
  {
    var environment = extra.merging([
      LRCLIBTestServer.urlVariable: server,
      "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
      "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
      "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
    ]) { $1 }
    if let config {
      try folder.write("config/lyricpip/config", Array(config.utf8))
      environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
    }
    let started = Date()
    let result = try ProcessRunner.run(
      Paths.lyricpipBinary,
      ["play", "--no-window", "--audio", "null", "--events", "-"] + arguments,
      environment: environment, timeout: 60)
    let seconds = Date().timeIntervalSince(started)
    #expect(!result.endedBySignal, "lyricpip crashed: \(result.stderr)")
    let events = result.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    return (result, events, seconds)
  }

  @Test func aSlowAnswerArrivesMidSongAndTheLinesFollowTheHeardPosition() throws {
    let (track, records) = try trackAndRecords()
    let server = try LRCLIBTestServer(records: records, mode: "slow:1.5")
    let (result, events, seconds) = try play([track], server: server.baseURL)
    #expect(result.status == 0, "\(result.stderr)")
    let names = events.map { $0["event"] as? String ?? "" }
    let lyricsAt = try #require(names.firstIndex(of: "lyrics"), "no lyrics event: \(names)")
    #expect(events[lyricsAt]["lines"] as? Int == 4)
    #expect(names.firstIndex(of: "ready") ?? .max < lyricsAt)
    let lines = events[lyricsAt...].filter { $0["event"] as? String == "line" }
    let indices = lines.compactMap { $0["index"] as? Int }
    // The answer came about 1.5 s in: the first line shown is the one heard then ("two", at
    // 1.0 s, unless the machine was slow enough to reach "three"), not "one" replayed from the
    // start; then every later line, in step.
    let starts = [300, 1_000, 2_000, 3_000]
    let firstHeard = lines.first?["posMs"] as? Int ?? -1
    let heardLine = starts.lastIndex { $0 <= firstHeard } ?? -1
    #expect(heardLine >= 1, "\(lines)")
    #expect(indices == Array(max(1, heardLine)...3), "\(lines)")
    for (number, line) in lines.enumerated() {
      let position = line["posMs"] as? Int ?? -1
      let start = line["ms"] as? Int ?? .max
      #expect(position >= start, "\(line)")
      // The first one came mid-line; each after it on its time.
      if number > 0 { #expect(position - start < 300, "\(line)") }
    }
    #expect((lines.first?["posMs"] as? Int ?? 0) >= 1_400)
    #expect(names.last == "state" && events.last?["state"] as? String == "ended")
    // The lookup never held the song up.
    #expect(seconds < 8, "took \(seconds) s")
    #expect(result.stderr.contains("looking up lyrics for Online Artist – Online Song"))
  }

  @Test func aServerThatNeverAnswersDoesNotHoldTheSongUp() throws {
    let (track, records) = try trackAndRecords()
    let server = try LRCLIBTestServer(records: records, mode: "hang")
    let (result, events, seconds) = try play([track], server: server.baseURL)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(events.last?["state"] as? String == "ended")
    #expect(!events.contains { $0["event"] as? String == "lyrics" })
    // 4 s of audio; the lookup's 8 s timeout is not waited for at the end.
    #expect(seconds < 7.5, "took \(seconds) s")
  }

  @Test func aServerErrorIsOneNoticeAndAnErrorEvent() throws {
    let (track, records) = try trackAndRecords()
    let server = try LRCLIBTestServer(records: records, mode: "status500")
    let (result, events, _) = try play([track], server: server.baseURL)
    #expect(result.status == 0, "\(result.stderr)")
    let errors = events.filter { $0["event"] as? String == "error" }
    #expect(errors.count == 1)
    #expect((errors.first?["message"] as? String)?.contains("HTTP 500") == true, "\(errors)")
    #expect(result.stderr.components(separatedBy: "HTTP 500").count == 2, "\(result.stderr)")
    #expect(events.last?["state"] as? String == "ended")
  }

  /// Without a libcurl to open, two tracks that would both be looked up play to their end; the
  /// missing library is said once, not once a track, and no request is made.
  @Test func withoutLibcurlPlaySaysSoOnceAndPlaysOn() throws {
    let first = try taggedTrack(
      "one.ogg", title: "First Song", artist: "Nobody", seconds: 2, records: "[]")
    let second = try taggedTrack(
      "two.ogg", title: "Second Song", artist: "Nobody", seconds: 2, records: "[]")
    let server = try LRCLIBTestServer(records: first.records)
    let missing = ["LYRICPIP_LIBCURL": folder.appendingPathComponent("no-libcurl.so.4").path]
    let (result, events, _) = try play(
      [first.track, second.track], server: server.baseURL, environment: missing)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(events.last?["state"] as? String == "ended")
    let tracks = events.filter { $0["event"] as? String == "ready" }
    #expect(tracks.count == 2, "\(events)")
    let said = result.stderr.split(separator: "\n").filter { $0.contains("libcurl") }
    #expect(said.count == 1, "\(result.stderr)")
    #expect(server.requests().isEmpty)
  }

  @Test func offlineAndOnlineOffMakeNoConnection() throws {
    let (track, records) = try trackAndRecords()
    let server = try LRCLIBTestServer(records: records)
    let flag = try play([track, "--offline"], server: server.baseURL)
    #expect(flag.result.status == 0)
    #expect(flag.result.stderr.contains("the online lookup is off"))
    let setting = try play([track], server: server.baseURL, config: "online = off\n")
    #expect(setting.result.status == 0)
    #expect(!setting.events.contains { $0["event"] as? String == "lyrics" })
    #expect(server.requests().isEmpty)
  }

  @Test func theCacheAnswersTheSecondTimeAndTheNoticeIsShownOnce() throws {
    let (track, records) = try trackAndRecords()
    let server = try LRCLIBTestServer(records: records)
    let first = try play([track], server: server.baseURL)
    #expect(first.result.stderr.contains("(LRCLIB)"))
    #expect(first.result.stderr.contains("is shown once"))
    let second = try play([track], server: server.baseURL)
    #expect(second.result.stderr.contains("from cache (LRCLIB)"))
    #expect(!second.result.stderr.contains("is shown once"))
    #expect(server.requests().count == 1)
    #expect(second.events.contains { $0["event"] as? String == "lyrics" })
  }

  @Test func aLyricsfileAnswerIsReadWithItsWordTiming() throws {
    let (track, records) = try taggedTrack(
      "words.ogg", title: "Word Song", artist: "Word Artist", seconds: 3,
      records: #"""
        [{"id": 11, "trackName": "Word Song", "artistName": "Word Artist", "duration": 3.0,
          "instrumental": false, "plainLyrics": "Hello world\n", "syncedLyrics": null,
          "lyricsfile": "version: '1.0'\nlines:\n  - text: Hello world\n    start_ms: 500\n    words:\n      - text: 'Hello '\n        start_ms: 500\n      - text: world\n        start_ms: 1000\n"}]
        """#)
    let server = try LRCLIBTestServer(records: records)
    let (result, events, _) = try play([track], server: server.baseURL)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(events.first { $0["event"] as? String == "lyrics" }?["lines"] as? Int == 1)
    #expect(events.contains { $0["event"] as? String == "word" && $0["word"] as? Int == 1 })
  }
}
