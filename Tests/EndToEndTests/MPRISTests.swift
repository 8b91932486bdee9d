import Foundation
import TestSupport
import Testing

/// `lyricpip play --no-window` driven from the session bus as a desktop would (media keys, a
/// panel applet): busctl and playerctl read and call its MPRIS2 object, gdbus watches its signals,
/// and the `--events` stream shows what the player did.
@Suite(.enabled(if: Service.dbus.shouldRun), .timeLimit(.minutes(5)))
struct MPRISTests {
  /// A tone with tags (30 s unless told), in a folder of its own.
  func taggedTone(_ folder: URL, seconds: Int = 30) throws -> String {
    let path = folder.appendingPathComponent("tone.flac").path
    try ToneFile.write(
      to: path, seconds: Double(seconds),
      tags: ["title": "Desk Tone", "artist": "The Testers", "album": "Bus Songs"])
    return path
  }

  /// Starts the player on `bus` and waits until it plays and its MPRIS name is up.
  func startPlayer(_ bus: PrivateBus, folder: URL, seconds: Int = 30) throws -> (
    PlayProcess, String
  ) {
    let player = try PlayProcess(
      [try taggedTone(folder, seconds: seconds), "--no-window"], display: "", folder: folder,
      environment: bus.environment)
    let playing = player.waitForEvent {
      $0["event"] as? String == "state" && $0["state"] as? String == "playing"
    }
    try #require(playing != nil, "never played: \(player.stderr)")
    let name = MPRIS.instanceName(player.pid)
    try #require(bus.waitForName(name), "\(name) never appeared: \(player.stderr)")
    return (player, name)
  }

  @Test func desktopReadsIdentityStatusAndMetadata() throws {
    let bus = try PrivateBus()
    let folder = try Paths.makeTemporaryDirectory()
    let (player, name) = try startPlayer(bus, folder: folder)
    defer { _ = player.terminate() }

    #expect(try bus.property("Identity", of: name, interface: MPRIS.root) == "s \"lyricpip\"")
    #expect(try bus.property("DesktopEntry", of: name, interface: MPRIS.root) == "s \"lyricpip\"")
    // Without windows there is nothing to raise.
    #expect(try bus.property("CanRaise", of: name, interface: MPRIS.root) == "b false")
    #expect(try bus.property("PlaybackStatus", of: name) == "s \"Playing\"")
    let metadata = try bus.property("Metadata", of: name)
    #expect(metadata.contains("\"xesam:title\" s \"Desk Tone\""), "\(metadata)")
    #expect(metadata.contains("\"mpris:length\" x 30000000"), "\(metadata)")
    #expect(metadata.contains("file://\(folder.path)/tone.flac"), "\(metadata)")
    // A desktop client's view of the same.
    let title = try bus.run(
      "playerctl", ["-p", "lyricpip.instance\(player.pid)", "metadata", "xesam:title"])
    #expect(title.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "Desk Tone")
    let artist = try bus.run(
      "playerctl", ["-p", "lyricpip.instance\(player.pid)", "metadata", "xesam:artist"])
    #expect(artist.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "The Testers")
  }

  @Test func playPauseSeekAndVolumeReachThePlayerAndAreSignalled() throws {
    let bus = try PrivateBus()
    let folder = try Paths.makeTemporaryDirectory()
    let (player, name) = try startPlayer(bus, folder: folder)
    defer { _ = player.terminate() }
    let signals = folder.appendingPathComponent("signals.txt").path
    let monitor = try bus.monitor(name, into: signals)
    defer { PrivateDesktop.kill(monitor) }

    try bus.call(name, MPRIS.player, "PlayPause")
    let paused = player.waitForEvent {
      $0["event"] as? String == "state" && $0["state"] as? String == "paused"
    }
    let pausedMs = try #require(paused?["posMs"] as? Int, "no paused state: \(player.events())")
    #expect(try bus.property("PlaybackStatus", of: name) == "s \"Paused\"")
    #expect(
      poll(timeout: 10) {
        PrivateBus.text(of: signals).contains("{'PlaybackStatus': <'Paused'>}")
      }, "no PropertiesChanged: \(PrivateBus.text(of: signals))")

    // Seek is relative, in µs; the player lands there and says so.
    try bus.call(name, MPRIS.player, "Seek", ["x", "3000000"])
    let sought = player.waitForEvent { $0["event"] as? String == "seek" }
    let soughtMs = try #require(sought?["posMs"] as? Int, "no seek event: \(player.events())")
    #expect(abs(soughtMs - (pausedMs + 3000)) <= 50, "paused at \(pausedMs), sought to \(soughtMs)")
    let position = try bus.property("Position", of: name)
    #expect(position.hasPrefix("x "), "\(position)")
    let micros = Int(position.dropFirst(2)) ?? -1
    #expect(abs(micros / 1000 - soughtMs) <= 50, "Position \(position) after a seek to \(soughtMs)")
    #expect(
      poll(timeout: 10) {
        PrivateBus.text(of: signals).contains("org.mpris.MediaPlayer2.Player.Seeked")
      }, "no Seeked: \(PrivateBus.text(of: signals))")

    try bus.run(
      "busctl", ["--user", "set-property", name, MPRIS.path, MPRIS.player, "Volume", "d", "0.25"])
    #expect(try bus.property("Volume", of: name) == "d 0.25")
    #expect(
      poll(timeout: 10) {
        PrivateBus.text(of: signals).contains("{'Volume': <0.25>}")
      }, "no PropertiesChanged for Volume: \(PrivateBus.text(of: signals))")

    try bus.call(name, MPRIS.player, "Play")
    #expect(
      player.waitForEvent(seconds: 10) {
        $0["event"] as? String == "state" && $0["state"] as? String == "playing"
          && ($0["posMs"] as? Int ?? 0) >= soughtMs
      } != nil, "Play did not resume: \(player.events())")
  }

  /// The volume the user last set (kept in the saved state by the windowed player) holds
  /// without windows too: a terminal player does not start at full volume.
  @Test func withoutWindowsThePlayerStartsAtTheSavedVolume() throws {
    let bus = try PrivateBus()
    let folder = try Paths.makeTemporaryDirectory()
    let state = folder.appendingPathComponent("state/lyricpip")
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    let saved = #"{"format":"lyricpip-state","version":1,"trackOffsetsMs":{},"volume":0.35}"#
    try Data(saved.utf8).write(to: state.appendingPathComponent("state.json"))
    let (player, name) = try startPlayer(bus, folder: folder)
    defer { _ = player.terminate() }
    #expect(try bus.property("Volume", of: name) == "d 0.35", "\(player.stderr)")
    #expect(!player.stderr.contains("state file"), "\(player.stderr)")
  }

  @Test func openUriPlaysTheFileAndQuitEndsThePlayer() throws {
    let bus = try PrivateBus()
    let folder = try Paths.makeTemporaryDirectory()
    let (player, name) = try startPlayer(bus, folder: folder)
    defer { _ = player.terminate() }
    let other = folder.appendingPathComponent("other song.wav").path
    try ToneFile.write(to: other, seconds: 5, frequency: 660)

    let missing = try bus.call(name, MPRIS.player, "OpenUri", ["s", "file:///nowhere/gone.ogg"])
    #expect(missing.status != 0)
    #expect(missing.stderr.contains("/nowhere/gone.ogg: no such file"), "\(missing.stderr)")

    let opened = try bus.call(
      name, MPRIS.player, "OpenUri", ["s", "file://\(folder.path)/other%20song.wav"])
    #expect(opened.status == 0, "\(opened.stderr)")
    let ready = player.waitForEvent {
      $0["event"] as? String == "ready" && $0["track"] as? String == other
    }
    #expect(ready != nil, "the opened file never became current: \(player.events())")
    #expect(try bus.property("PlaybackStatus", of: name) == "s \"Playing\"")
    #expect(try bus.property("CanGoPrevious", of: name) == "b true")

    try bus.call(name, MPRIS.root, "Quit")
    #expect(
      poll(timeout: 10) { !player.process.isRunning }, "Quit did not end it")
    let ended = player.terminate()
    #expect(ended.status == 0 && !ended.bySignal, "exit \(ended.status): \(player.stderr)")
  }

  /// A session bus that takes the player's connection and then says nothing (a daemon that
  /// hung): the desktop controls give up within their bounds (2 s for the handshake) and say
  /// so, where sd-bus's own wait held the player's main thread for 25 s; the track plays
  /// meanwhile.
  @Test func aSessionBusThatSaysNothingIsGivenUpWithinSeconds() throws {
    let bus = try PrivateBus()
    kill(bus.daemonID, SIGSTOP)
    defer { kill(bus.daemonID, SIGCONT) }
    let folder = try Paths.makeTemporaryDirectory()
    let tone = try taggedTone(folder, seconds: 10)
    let started = Date()
    let player = try PlayProcess(
      [tone, "--no-window"], display: "", folder: folder, environment: bus.environment)
    defer { _ = player.terminate() }
    let saidSo = poll(timeout: 8) { player.stderr.contains("desktop controls (MPRIS) off") }
    let seconds = Date().timeIntervalSince(started)
    #expect(saidSo && seconds < 4, "after \(seconds) s: \(player.stderr)")
    let playing = player.waitForEvent {
      $0["event"] as? String == "state" && $0["state"] as? String == "playing"
    }
    #expect(playing != nil, "never played: \(player.stderr)")
  }

  /// The session bus goes away mid-song (the session's bus daemon ends) and never comes back:
  /// the player says that the desktop controls lost the bus, plays on to the end of the track,
  /// and exits 0 (its reconnect attempts do not hold it up).
  @Test func losingTheBusLeavesThePlayerPlayingToTheEnd() throws {
    let bus = try PrivateBus()
    let folder = try Paths.makeTemporaryDirectory()
    let (player, _) = try startPlayer(bus, folder: folder, seconds: 3)
    defer { _ = player.terminate() }
    bus.stop()
    #expect(
      poll(timeout: 10) {
        player.stderr.contains("desktop controls (MPRIS) lost the session bus")
      }, "no word of the lost bus: \(player.stderr)")
    let ended = player.waitForEvent {
      $0["event"] as? String == "state" && $0["state"] as? String == "ended"
    }
    #expect(ended != nil, "did not play to the end: \(player.events().suffix(3))")
    #expect(
      poll(timeout: 10) { !player.process.isRunning },
      "still running after the end: \(player.stderr)")
    let end = player.terminate()
    #expect(end.status == 0 && !end.bySignal, "exit \(end.status): \(player.stderr)")
  }
}
