import Foundation
import TestSupport
import Testing

/// `lyricpip follow --no-window` on a private bus, following the scripted MPRIS player with the
/// faults real players have. Each line event is held to the instant the player's own position
/// says the line plays (the player reports its position with CLOCK_MONOTONIC, as `mono` is).
@Suite(.tags(.realTime), .enabled(if: Service.dbus.shouldRun), .timeLimit(.minutes(5)))
struct FollowCommandTests {
  /// How far a line event may be from the instant its line plays, on a loaded test machine
  /// (the benchmark measures the real figures).
  static let boundSeconds = 0.08
  let temporary: TemporaryDirectory

  init() throws {
    temporary = try TemporaryDirectory()
  }

  /// `NAME.flac` (not audio: the player plays nothing) with `NAME.lrc` beside it, a line
  /// every half second from 1 s to 40 s ("NAME 0", "NAME 1", …): its `file://` URL.
  func song(_ name: String) throws -> String {
    let audio = temporary.url.appendingPathComponent("\(name).flac")
    try Data().write(to: audio)
    var lrc = ""
    for index in 0..<79 {
      let ms = 1_000 + index * 500
      lrc += String(format: "[%02d:%02d.%02d]", ms / 60_000, ms % 60_000 / 1_000, ms % 1_000 / 10)
      lrc += "\(name) \(index)\n"
    }
    try Data(lrc.utf8).write(to: temporary.url.appendingPathComponent("\(name).lrc"))
    return audio.absoluteString
  }

  func follow(_ arguments: [String] = [], bus: PrivateBus) throws -> PlayProcess {
    try PlayProcess(
      arguments, display: "", folder: temporary.url, environment: bus.environment,
      command: ["follow", "--no-window"])
  }

  func player(_ name: String, _ arguments: [String], bus: PrivateBus) throws
    -> ScriptedMPRISPlayer
  {
    let player = try ScriptedMPRISPlayer(
      name: name, arguments: arguments, bus: bus, folder: temporary.url)
    try #require(bus.waitForName(player.busName), "\(player.busName) never came")
    return player
  }

  /// The first `line` event for the line at `ms` of the track whose lines say `prefix`.
  func line(_ follow: PlayProcess, _ prefix: String, ms: Int, seconds: Double = 15)
    -> [String: Any]?
  {
    follow.waitForEvent(seconds: seconds) {
      $0["event"] as? String == "line" && $0["ms"] as? Int == ms
        && ($0["text"] as? String ?? "").hasPrefix(prefix + " ")
    }
  }

  /// How far the line event came from the instant `expected` (seconds, signed: late > 0).
  func lateness(_ event: [String: Any]?, _ expected: Double) -> Double? {
    (event?["mono"] as? Double).map { $0 - expected }
  }

  func playerEvents(_ follow: PlayProcess) -> [String?] {
    follow.events().filter { $0["event"] as? String == "player" }.map { $0["name"] as? String }
  }

  @Test func followsPlayPauseSeekNextTrackAndQuitOfAWellBehavedPlayer() throws {
    let bus = try PrivateBus()
    let follow = try follow(bus: bus)
    defer { _ = follow.terminate() }
    let player = try player(
      "scripted", ["--track", try song("a"), "--track", try song("b")], bus: bus)

    let started = try #require(player.send("play"))
    let first = try #require(line(follow, "a", ms: 2_000), "\(follow.events()) \(follow.stderr)")
    let late = try #require(lateness(first, started.mono(ofMs: 2_000)))
    #expect(abs(late) < Self.boundSeconds, "line at 2 s came \(late) s off")
    #expect(playerEvents(follow).last == player.busName)
    #expect(
      follow.events().contains {
        $0["event"] as? String == "player" && $0["identity"] as? String == "Scripted Player"
      })

    let paused = try #require(player.send("pause"))
    let pausedEvent = try #require(
      follow.waitForEvent {
        $0["event"] as? String == "state" && $0["state"] as? String == "paused"
      })
    #expect(abs((pausedEvent["posMs"] as? Int ?? -1) - paused.positionMs) < 80)

    // A seek while paused, then play: the line at the seek, then the next one on time.
    let sought = try #require(player.send("seek 12250"))
    let atSeek = try #require(line(follow, "a", ms: 12_000))
    let seekLate = try #require(lateness(atSeek, sought.mono))
    // The player notes the instant just after it sent Seeked.
    #expect(abs(seekLate) < 0.05, "the seek was followed after \(seekLate) s")
    let resumed = try #require(player.send("play"))
    let afterSeek = try #require(line(follow, "a", ms: 13_000))
    let resumeLate = try #require(lateness(afterSeek, resumed.mono(ofMs: 13_000)))
    #expect(abs(resumeLate) < Self.boundSeconds, "line after the seek came \(resumeLate) s off")

    let changed = try #require(player.send("next"))
    let ready = try #require(
      follow.waitForEvent {
        $0["event"] as? String == "ready" && ($0["track"] as? String ?? "").hasSuffix("/b.flac")
      })
    #expect(ready["durationMs"] as? Int == 60_000)
    let firstOfB = try #require(line(follow, "b", ms: 1_000))
    let changeLate = try #require(lateness(firstOfB, changed.mono(ofMs: 1_000)))
    #expect(abs(changeLate) < Self.boundSeconds, "first line of the next track \(changeLate) s off")

    player.quit()
    let gone = follow.waitForEvent {
      $0["event"] as? String == "player" && $0["name"] is NSNull
    }
    #expect(gone != nil, "\(follow.events())")
    #expect(follow.process.isRunning, "follow waits for the next player: \(follow.stderr)")
    let ended = follow.terminate()
    #expect(ended.status == 0 && !ended.bySignal, "\(follow.stderr)")
  }

  @Test func aPlayerThatNeverSendsSeekedIsCaughtUpByThePoll() throws {
    let bus = try PrivateBus()
    let follow = try follow(bus: bus)
    defer { _ = follow.terminate() }
    let player = try player("noseeked", ["--track", try song("a"), "--no-seeked"], bus: bus)
    player.send("play")
    try #require(line(follow, "a", ms: 1_500) != nil, "\(follow.events())")
    let sought = try #require(player.send("seek 20250"))
    // The poll (every 3 s) and its confirmation (0.3 s later) find the jump.
    let found = try #require(line(follow, "a", ms: 20_000 + 2_000, seconds: 10))
    _ = found
    let caughtUp = try #require(line(follow, "a", ms: 24_000, seconds: 10))
    let late = try #require(lateness(caughtUp, sought.mono(ofMs: 24_000)))
    #expect(abs(late) < Self.boundSeconds, "after the catch-up a line came \(late) s off")
  }

  @Test func aStalePositionRightAfterASeekIsNotBelieved() throws {
    let bus = try PrivateBus()
    let follow = try follow(bus: bus)
    defer { _ = follow.terminate() }
    let player = try player("stale", ["--track", try song("a"), "--stale-ms", "800"], bus: bus)
    player.send("play")
    try #require(line(follow, "a", ms: 1_500) != nil, "\(follow.events())")
    player.send("seek 15250")
    // Pause and play at once: both make follow read Position, which answers the old place.
    player.send("pause")
    let resumed = try #require(player.send("play"))
    let next = try #require(line(follow, "a", ms: 16_000))
    let late = try #require(lateness(next, resumed.mono(ofMs: 16_000)))
    #expect(abs(late) < Self.boundSeconds, "line after the seek came \(late) s off")
    let states = follow.events().filter { $0["event"] as? String == "state" }
    let pausedAt = states.last { $0["state"] as? String == "paused" }?["posMs"] as? Int
    #expect((pausedAt ?? 0) >= 15_250, "paused at \(pausedAt ?? -1), the stale place")
    let indices = follow.events().filter { $0["event"] as? String == "line" }.compactMap {
      $0["index"] as? Int
    }
    let afterSeek = Array(indices.drop { $0 < 28 })
    #expect(afterSeek == afterSeek.sorted(), "went back to the stale place: \(indices)")
  }

  @Test func aPlayerWhosePositionIsAlwaysZeroIsFollowedOnTheClock() throws {
    let bus = try PrivateBus()
    let follow = try follow(bus: bus)
    defer { _ = follow.terminate() }
    let player = try player("zero", ["--track", try song("a"), "--zero-position"], bus: bus)
    let started = try #require(player.send("play"))
    let event = try #require(line(follow, "a", ms: 4_000), "\(follow.events())")
    let late = try #require(lateness(event, started.mono(ofMs: 4_000)))
    #expect(abs(late) < Self.boundSeconds, "line at 4 s came \(late) s off")
    // Its Seeked still counts.
    let sought = try #require(player.send("seek 30250"))
    let afterSeek = try #require(line(follow, "a", ms: 31_000))
    let seekLate = try #require(lateness(afterSeek, sought.mono(ofMs: 31_000)))
    #expect(abs(seekLate) < Self.boundSeconds, "line after the seek came \(seekLate) s off")
  }

  @Test func aTrackWithoutLengthAndLyricsThePlayerPublishes() throws {
    let bus = try PrivateBus()
    let follow = try follow(bus: bus)
    defer { _ = follow.terminate() }
    let player = try player(
      "published",
      [
        "--track", "https://example.org/stream", "--no-length", "--lyrics",
        "[00:01.00]one\n[00:01.50]two\n[00:02.00]three",
      ], bus: bus)
    let started = try #require(player.send("play"))
    let ready = try #require(follow.waitForEvent { $0["event"] as? String == "ready" })
    #expect(ready["durationMs"] as? Int == 0)
    #expect(ready["track"] as? String == "https://example.org/stream")
    let two = try #require(
      follow.waitForEvent { $0["event"] as? String == "line" && $0["text"] as? String == "two" },
      "\(follow.events()) \(follow.stderr)")
    let late = try #require(lateness(two, started.mono(ofMs: 1_500)))
    #expect(abs(late) < Self.boundSeconds, "line at 1.5 s came \(late) s off")
  }

  /// `NAME.flac` (not audio) with only untimed lyrics beside it, `NAME.txt`: its `file://` URL.
  func untimedSong(_ name: String) throws -> String {
    let audio = temporary.url.appendingPathComponent("\(name).flac")
    try Data().write(to: audio)
    try Data("first words\nsecond words\n".utf8).write(
      to: temporary.url.appendingPathComponent("\(name).txt"))
    return audio.absoluteString
  }

  /// Untimed lyrics beside the followed file are shown as `play` shows them: the `plain` lyrics
  /// status, from beside the file, and the network is not asked (here it would fail).
  @Test func untimedLyricsBesideAFollowedFileAreShownAsPlain() throws {
    let bus = try PrivateBus()
    let follow = try follow(bus: bus)
    defer { _ = follow.terminate() }
    let player = try player("untimed", ["--track", try untimedSong("quiet")], bus: bus)
    player.send("play")
    let status = try #require(
      follow.waitForEvent { $0["event"] as? String == "lyrics-status" },
      "\(follow.events()) \(follow.stderr)")
    #expect(status["state"] as? String == "plain", "\(status) \(follow.stderr)")
    #expect(status["source"] as? String == "beside the file")
    #expect(!follow.stderr.contains("lyrics lookup failed"), "\(follow.stderr)")
  }

  /// Timed lyrics the player publishes come before untimed ones beside the file, as timed lyrics
  /// found later in the lookup's order do in `play`.
  @Test func timedLyricsThePlayerPublishesWinOverUntimedOnesBesideTheFile() throws {
    let bus = try PrivateBus()
    let follow = try follow(bus: bus)
    defer { _ = follow.terminate() }
    let player = try player(
      "publishes",
      ["--track", try untimedSong("quiet"), "--lyrics", "[00:01.00]one\n[00:01.50]two"],
      bus: bus)
    player.send("play")
    let two = follow.waitForEvent {
      $0["event"] as? String == "line" && $0["text"] as? String == "two"
    }
    #expect(two != nil, "\(follow.events()) \(follow.stderr)")
    #expect(
      !follow.events().contains {
        $0["event"] as? String == "lyrics-status" && $0["state"] as? String == "plain"
      })
  }

  @Test func twoPlayersTheLatestToStartIsFollowedAndAVanishedOneIsLetGo() throws {
    let bus = try PrivateBus()
    let follow = try follow(bus: bus)
    defer { _ = follow.terminate() }
    let first = try player("first", ["--track", try song("a")], bus: bus)
    let second = try player("second", ["--track", try song("b")], bus: bus)
    first.send("play")
    try #require(line(follow, "a", ms: 1_500) != nil, "\(follow.events())")
    let started = try #require(second.send("play"))
    let other = try #require(line(follow, "b", ms: 2_000), "\(follow.events())")
    let late = try #require(lateness(other, started.mono(ofMs: 2_000)))
    #expect(abs(late) < Self.boundSeconds, "the second player's line came \(late) s off")
    // The second one crashes: back to the first, which still plays.
    PrivateDesktop.kill(second.process)
    let back = follow.waitForEvent {
      $0["event"] as? String == "line" && ($0["text"] as? String ?? "").hasPrefix("a ")
        && ($0["ms"] as? Int ?? 0) > 2_000
    }
    #expect(back != nil, "\(follow.events())")
    #expect(
      playerEvents(follow).filter { $0 != nil }.reduce(into: [String]()) { names, name in
        if names.last != name { names.append(name ?? "") }
      } == [first.busName, second.busName, first.busName])
  }

  @Test func playerPinsOnePlayerAndASecondFollowerIsRefused() throws {
    let bus = try PrivateBus()
    let follow = try follow(["--player", "Pinned One"], bus: bus)
    defer { _ = follow.terminate() }
    let other = try player("other", ["--track", try song("a")], bus: bus)
    let pinned = try player(
      "pinned", ["--track", try song("b"), "--identity", "Pinned One"], bus: bus)
    other.send("play")
    pinned.send("play")
    try #require(line(follow, "b", ms: 1_500) != nil, "\(follow.events())")
    #expect(!follow.events().contains { ($0["text"] as? String ?? "").hasPrefix("a ") })
    #expect(playerEvents(follow).compactMap { $0 }.allSatisfy { $0 == pinned.busName })

    let second = try ProcessRunner.run(
      Paths.lyricpipBinary, ["follow", "--no-window"], environment: bus.environment,
      timeout: 20)
    #expect(second.status == 1)
    #expect(second.stderr.contains("already runs"), "\(second.stderr)")
  }

  @Test func anOffsetGivenWithPlayerIsSavedAndUsedNextTime() throws {
    let bus = try PrivateBus()
    let saving = try follow(["--player", "scripted", "--offset", "120"], bus: bus)
    let offsets = temporary.url.appendingPathComponent("state/lyricpip/follow-offsets").path
    #expect(poll(timeout: 10) { PrivateBus.text(of: offsets) == "scripted = 120\n" })
    _ = saving.terminate()

    // The next run without --offset: the lines come 120 ms sooner.
    let follow = try follow(["--player", "scripted"], bus: bus)
    defer { _ = follow.terminate() }
    let player = try player("scripted", ["--track", try song("a")], bus: bus)
    let started = try #require(player.send("play"))
    let event = try #require(line(follow, "a", ms: 2_000), "\(follow.events())")
    let late = try #require(lateness(event, started.mono(ofMs: 2_000) - 0.12))
    #expect(abs(late) < Self.boundSeconds, "line at 2 s came \(late) s off the saved offset")
  }

  @Test func followStopsWhenTheSessionBusGoesAway() throws {
    let bus = try PrivateBus()
    let follow = try follow(bus: bus)
    defer { _ = follow.terminate() }
    // Following a player: the client is subscribed and its thread runs.
    let player = try player("scripted", ["--track", try song("a")], bus: bus)
    player.send("play")
    try #require(
      follow.waitForEvent { $0["event"] as? String == "player" } != nil, "\(follow.stderr)")
    bus.stop()
    #expect(poll(timeout: 10) { !follow.process.isRunning }, "still running: \(follow.stderr)")
    let ended = follow.terminate()
    #expect(ended.status == 0 && !ended.bySignal, "\(follow.stderr)")
    #expect(follow.stderr.contains("the session bus went away"), "\(follow.stderr)")
  }

  /// A followed player that stops answering (SIGSTOP: its name stays on the bus, its calls
  /// wait for their timeout): SIGTERM still ends follow within 3 s with exit 0, with reads of
  /// its position outstanding, and also when it hung before follow started (its properties,
  /// identity and position all unanswered).
  @Test func sigtermEndsFollowPromptlyWhileThePlayerStopsAnswering() throws {
    let bus = try PrivateBus()
    let player = try player("hung", ["--track", try song("a")], bus: bus)
    let follow = try follow(bus: bus)
    defer { _ = follow.terminate() }
    player.send("play")
    try #require(line(follow, "a", ms: 1_500) != nil, "\(follow.events())")
    kill(player.process.processIdentifier, SIGSTOP)
    defer { kill(player.process.processIdentifier, SIGCONT) }
    // Nothing to wait on but time: the poll (every 3 s) asks again, unanswered, meanwhile.
    Thread.sleep(forTimeInterval: 3.5)
    let quit = follow.quitTimed()
    #expect(quit.seconds < 3, "SIGTERM took \(quit.seconds) s: \(follow.stderr)")
    #expect(quit.status == 0 && !quit.bySignal, "\(follow.stderr)")

    let late = try self.follow(bus: bus)
    defer { _ = late.terminate() }
    // Its calls to the hung player (properties, identity) go out as it starts.
    Thread.sleep(forTimeInterval: 1)
    let lateQuit = late.quitTimed()
    #expect(lateQuit.seconds < 3, "SIGTERM took \(lateQuit.seconds) s: \(late.stderr)")
    #expect(lateQuit.status == 0 && !lateQuit.bySignal, "\(late.stderr)")
  }

  /// A session bus that does not answer (its daemon stopped) while follow starts: its name
  /// request waits for sd-bus's 25 s, and SIGTERM, taken only once the session ran, waited as
  /// long. Now it ends follow within 3 s, with exit 0.
  @Test func sigtermEndsFollowPromptlyWhileTheBusDoesNotAnswerItsStart() throws {
    let bus = try PrivateBus()
    kill(bus.daemonID, SIGSTOP)
    defer { kill(bus.daemonID, SIGCONT) }
    let follow = try follow(bus: bus)
    defer { _ = follow.terminate() }
    // Nothing to wait on but time: the start is held up by the bus by then.
    Thread.sleep(forTimeInterval: 0.5)
    let quit = follow.quitTimed()
    #expect(quit.seconds < 3, "SIGTERM took \(quit.seconds) s: \(follow.stderr)")
    #expect(quit.status == 0 && !quit.bySignal, "\(follow.stderr)")
  }

  /// A session bus that takes follow's connections and then says nothing: follow gives up
  /// within its bound (2 s for the handshake), says there is no bus, exit 69, instead of
  /// waiting sd-bus's 25 s.
  @Test func aSessionBusThatDoesNotAnswerIsGivenUpWithinSeconds() throws {
    let bus = try PrivateBus()
    kill(bus.daemonID, SIGSTOP)
    defer { kill(bus.daemonID, SIGCONT) }
    let started = Date()
    let follow = try follow(bus: bus)
    defer { _ = follow.terminate() }
    let ended = poll(timeout: 8) { !follow.process.isRunning }
    let seconds = Date().timeIntervalSince(started)
    #expect(ended && seconds < 4, "still running after \(seconds) s: \(follow.stderr)")
    let end = follow.terminate()
    #expect(end.status == 69 && !end.bySignal, "\(follow.stderr)")
    #expect(follow.stderr.contains("no session bus"), "\(follow.stderr)")
  }

  /// A player hung before follow starts (its properties, identity and position never
  /// answered): another player that plays is followed in step as usual, and `lyricpip status`
  /// reaches the follower meanwhile.
  @Test func aPlayerThatDoesNotAnswerHoldsUpNeitherAnotherPlayerNorStatus() throws {
    let bus = try PrivateBus()
    let hung = try player("hung", ["--track", try song("h"), "--start-playing"], bus: bus)
    kill(hung.process.processIdentifier, SIGSTOP)
    defer { kill(hung.process.processIdentifier, SIGCONT) }
    let follow = try follow(bus: bus)
    defer { _ = follow.terminate() }
    try #require(bus.waitForName("org.lyricpip.Follow"), "\(follow.stderr)")
    let other = try player("other", ["--track", try song("b")], bus: bus)
    let started = try #require(other.send("play"))
    let first = try #require(line(follow, "b", ms: 1_000, seconds: 5), "\(follow.events())")
    let late = try #require(lateness(first, started.mono(ofMs: 1_000)))
    #expect(abs(late) < Self.boundSeconds, "the other player's first line came \(late) s off")
    #expect(playerEvents(follow).compactMap { $0 } == [other.busName])
    let asked = Date()
    let status = try LyricsBusFixtures.lyricpip(["status"], bus: bus)
    let seconds = Date().timeIntervalSince(asked)
    #expect(status.status == 0 && status.stdout.hasPrefix("b "), "\(status.stderr)")
    #expect(seconds < 1.5, "status took \(seconds) s")
  }

  /// The session bus goes away and a silent one takes its place (a daemon that came back
  /// hung): follow stops, as it does when the bus goes, within 2 s and with exit 0, though its
  /// desktop connection is trying the new bus meanwhile.
  @Test func followStopsWithin2SecondsWhileTheBusComesBackSilent() throws {
    let bus = try PrivateBus()
    let follow = try follow(bus: bus)
    defer { _ = follow.terminate() }
    let player = try player("scripted", ["--track", try song("a")], bus: bus)
    player.send("play")
    try #require(line(follow, "a", ms: 1_500) != nil, "\(follow.events())")
    let path = String(bus.address.dropFirst("unix:path=".count))
    let stopped = Date()
    bus.stop()
    let silent = try SilentSocket(path: path)
    let ended = poll(timeout: 10) { !follow.process.isRunning }
    let seconds = Date().timeIntervalSince(stopped)
    #expect(ended && seconds < 2, "follow took \(seconds) s to stop: \(follow.stderr)")
    let end = follow.terminate()
    #expect(end.status == 0 && !end.bySignal, "\(follow.stderr)")
    withExtendedLifetime(silent) {}
  }

  @Test func badUsageSaysWhatIsWrong() throws {
    for arguments in [
      ["follow", "file.mp3"], ["follow", "--offset", "soon"], ["follow", "--pip"],
    ] {
      let result = try ProcessRunner.run(Paths.lyricpipBinary, arguments, timeout: 20)
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
      #expect(result.stderr.hasPrefix("lyricpip: "), "\(result.stderr)")
    }
    let help = try ProcessRunner.run(Paths.lyricpipBinary, ["follow", "--help"], timeout: 20)
    #expect(help.status == 0)
    #expect(help.stdout.contains("--player NAME"))
  }
}
