import Foundation
import TestSupport
import Testing

/// The online lookup in the windows, as a person meets it, on a private X server with openbox
/// and the local LRCLIB-compatible server: "looking up lyrics…" while a late answer is awaited
/// and the lines in step when it comes; the picker, whose choice holds for the next play
/// without the network; Save .lrc beside the song, never over a file that is there.
@Suite(.tags(.realTime), .enabled(if: Service.x11.shouldRun), .timeLimit(.minutes(5)))
struct LookupWindowTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory()
  }

  /// A tagged 60 s tone with nothing on this computer, and three records for it: timed (the
  /// `/api/get` answer), plain (another album) and an instrumental.
  func trackAndRecords() throws -> (track: String, records: String) {
    let track = folder.appendingPathComponent("song.ogg").path
    try ToneFile.write(
      to: track, seconds: 60,
      tags: ["title": "Online Song", "artist": "Online Artist", "album": "First Album"])
    let records = try folder.write(
      "records.json",
      Array(
        #"""
        [{"id": 5, "trackName": "Online Song", "artistName": "Online Artist",
          "albumName": "First Album", "duration": 60.0, "instrumental": false,
          "plainLyrics": "one\ntwo\nthree\nfour\n",
          "syncedLyrics": "[00:00.50]one\n[00:02.00]two\n[00:03.00]three\n[00:04.00]four\n[00:30.00]five\n"},
         {"id": 6, "trackName": "Online Song", "artistName": "Online Artist",
          "albumName": "Live at Home", "duration": 61.0, "instrumental": false,
          "plainLyrics": "Plain verse one\nplain verse two\n", "syncedLyrics": null},
         {"id": 7, "trackName": "Online Song (Instrumental)", "artistName": "Online Artist",
          "albumName": null, "duration": 60.0, "instrumental": true, "plainLyrics": null,
          "syncedLyrics": null}]
        """#.utf8))
    return (track, records)
  }

  /// One run of `play` with its own events file, sharing the settings, the saved state and the
  /// cache of the test's folder with the other runs.
  func play(_ track: String, on desktop: PrivateDesktop, server: LRCLIBTestServer) throws
    -> PlayProcess
  {
    let run = folder.url.appendingPathComponent("run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
    return try PlayProcess(
      [track], display: desktop.display, folder: run,
      environment: [
        LRCLIBTestServer.urlVariable: server.baseURL,
        "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
        "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
        "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
      ])
  }

  func statuses(_ player: PlayProcess) -> [String] {
    player.events().filter { $0["event"] as? String == "lyrics-status" }.map {
      "\($0["state"] as? String ?? "?") \($0["source"] as? String ?? "-")"
    }
  }

  func waitForFocus(_ player: PlayProcess) throws {
    try #require(player.waitForMainFocus(), "the main window never had the focus: \(player.stderr)")
  }

  @Test func aLateAnswerIsAwaitedWithANoticeAndItsLinesComeInStep() throws {
    let (track, records) = try trackAndRecords()
    let server = try LRCLIBTestServer(records: records, mode: "slow:2.5")
    let desktop = try PrivateDesktop()
    let player = try play(track, on: desktop, server: server)
    defer { _ = player.terminate() }
    let waiting = player.waitForEvent { $0["event"] as? String == "lyrics-status" }
    #expect(waiting?["state"] as? String == "looking-up", "\(player.events())")
    let arrived = player.waitForEvent { $0["event"] as? String == "lyrics" }
    #expect(arrived?["lines"] as? Int == 5, "\(player.events()) \(player.stderr)")
    // Lines after the answer follow the heard position: the one heard then, then each on time.
    let fourth = player.waitForEvent {
      $0["event"] as? String == "line" && $0["index"] as? Int == 3
    }
    #expect(fourth != nil, "\(player.events())")
    let events = player.events()
    let lyricsAt = try #require(events.firstIndex { $0["event"] as? String == "lyrics" })
    let lines = events[lyricsAt...].filter { $0["event"] as? String == "line" }
    let first = try #require(lines.first)
    #expect((first["posMs"] as? Int ?? 0) >= 2_400, "\(lines)")
    #expect((first["index"] as? Int ?? 0) >= 1, "the song's start was replayed: \(lines)")
    for line in lines.dropFirst() {
      let late = (line["posMs"] as? Int ?? 0) - (line["ms"] as? Int ?? 0)
      #expect(late >= 0 && late < 300, "\(line)")
    }
    #expect(statuses(player) == ["looking-up -", "timed LRCLIB"], "\(statuses(player))")
  }

  /// A failed lookup is said once (stderr, `error`) and the windows are told (`failed`); the
  /// song plays on.
  @Test func aFailedLookupIsToldToTheWindowsAndTheSongPlaysOn() throws {
    let (track, records) = try trackAndRecords()
    let server = try LRCLIBTestServer(records: records, mode: "status500")
    let desktop = try PrivateDesktop()
    let player = try play(track, on: desktop, server: server)
    defer { _ = player.terminate() }
    let failed = player.waitForEvent {
      $0["event"] as? String == "lyrics-status" && $0["state"] as? String == "failed"
    }
    #expect(failed != nil, "\(statuses(player)) \(player.stderr)")
    let error = player.waitForEvent { $0["event"] as? String == "error" }
    #expect((error?["message"] as? String)?.contains("HTTP 500") == true, "\(player.events())")
    #expect(player.process.isRunning, "the player stopped: \(player.stderr)")
  }

  @Test func aChoiceInThePickerHoldsForTheNextPlayWithoutTheNetwork() throws {
    let (track, records) = try trackAndRecords()
    let server = try LRCLIBTestServer(records: records)
    let desktop = try PrivateDesktop()
    do {
      let player = try play(track, on: desktop, server: server)
      defer { _ = player.terminate() }
      try waitForFocus(player)
      #expect(player.waitForEvent { $0["event"] as? String == "lyrics" } != nil)
      // C opens the picker; the search lists the three records (timed, plain, instrumental).
      try desktop.run("xdotool", ["key", "c"])
      let listed = player.waitForEvent { $0["event"] as? String == "choices" }
      #expect(listed?["count"] as? Int == 3, "\(player.events()) \(player.stderr)")
      // The second is the plain one: chosen, it is shown at once (as text).
      try desktop.run("xdotool", ["key", "Down", "Return"])
      let chosen = player.waitForEvent {
        $0["event"] as? String == "lyrics-status" && $0["state"] as? String == "plain"
      }
      #expect(chosen?["source"] as? String == "LRCLIB, your choice", "\(statuses(player))")
    }
    let asked = server.requests().count
    // The next play takes the choice (from the cache) and asks nothing, though `/api/get`
    // would answer with the timed record.
    do {
      let player = try play(track, on: desktop, server: server)
      defer { _ = player.terminate() }
      let status = player.waitForEvent {
        $0["event"] as? String == "lyrics-status" && $0["state"] as? String != "looking-up"
      }
      #expect(status?["state"] as? String == "plain", "\(statuses(player)) \(player.stderr)")
      #expect(server.requests().count == asked, "\(server.requests().map(\.path))")
      // "No lyrics for this track" is a choice too: the last row (End would need a key of its
      // own; three Downs reach it).
      try waitForFocus(player)
      try desktop.run("xdotool", ["key", "c"])
      #expect(player.waitForEvent { $0["event"] as? String == "choices" } != nil)
      try desktop.run("xdotool", ["key", "Down", "Down", "Down", "Return"])
      let none = player.waitForEvent {
        $0["event"] as? String == "lyrics-status" && $0["state"] as? String == "none-chosen"
      }
      #expect(none != nil, "\(statuses(player))")
    }
    let state = try String(
      contentsOfFile: folder.appendingPathComponent("state/lyricpip/state.json").path,
      encoding: .utf8)
    #expect(state.contains("noLyrics"), "\(state)")
    let before = server.requests().count
    let player = try play(track, on: desktop, server: server)
    defer { _ = player.terminate() }
    let status = player.waitForEvent {
      $0["event"] as? String == "lyrics-status" && $0["state"] as? String != "looking-up"
    }
    #expect(status?["state"] as? String == "none-chosen", "\(statuses(player))")
    #expect(!player.events().contains { $0["event"] as? String == "lyrics" })
    #expect(server.requests().count == before)
  }

  @Test func saveBesideWritesTheShownLyricsOnceAndNeverOverwrites() throws {
    let (track, records) = try trackAndRecords()
    let server = try LRCLIBTestServer(records: records)
    let desktop = try PrivateDesktop()
    let player = try play(track, on: desktop, server: server)
    defer { _ = player.terminate() }
    try waitForFocus(player)
    #expect(player.waitForEvent { $0["event"] as? String == "lyrics" } != nil)
    let saved = folder.appendingPathComponent("song.lrc").path
    try desktop.run("xdotool", ["key", "s"])
    #expect(
      poll(timeout: 10) { player.stderr.contains("saved the lyrics as \(saved)") },
      "\(player.stderr)")
    let text = try String(contentsOfFile: saved, encoding: .utf8)
    #expect(text.contains("[00:00.50]one") && text.contains("[00:30.00]five"), "\(text)")
    // Saved again: the file is there, so it is left alone and the window says so.
    try FileManager.default.removeItem(atPath: saved)
    try folder.write("song.lrc", Array("[00:01.00]mine\n".utf8))
    try desktop.run("xdotool", ["key", "s"])
    #expect(
      poll(timeout: 10) { player.stderr.contains("exists already; not overwritten") },
      "\(player.stderr)")
    #expect(try String(contentsOfFile: saved, encoding: .utf8) == "[00:01.00]mine\n")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(!names.contains { $0.contains(".tmp-") }, "\(names)")
  }
}
