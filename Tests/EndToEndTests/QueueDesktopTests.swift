import Foundation
import TestSupport
import Testing

/// The windowed player's queue under Xvfb and a private session bus, used as a person would: the
/// keys of the main window, MPRIS from a panel (busctl), and the desktop shortcut (no file) the
/// next day, which resumes the queue where it was left.
@Suite(
  .enabled(if: Service.x11.shouldRun && Service.dbus.shouldRun), .timeLimit(.minutes(5)))
struct QueueDesktopTests {
  /// Three 30 s tones, tracks 1…3 by their tags, in `folder/album`; the folder's path.
  func album(in folder: URL) throws -> String {
    let album = folder.appendingPathComponent("album")
    try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
    for track in 1...3 {
      try ToneFile.write(
        to: album.appendingPathComponent("tone \(track).ogg").path, seconds: 30,
        frequency: 220 * track, tags: ["track": "\(track)", "title": "Tone \(track)"])
    }
    return album.path
  }

  func isReady(_ file: String) -> ([String: Any]) -> Bool {
    { $0["event"] as? String == "ready" && ($0["track"] as? String ?? "").hasSuffix(file) }
  }

  func isOrder(shuffle: Bool, repeatMode: String) -> ([String: Any]) -> Bool {
    {
      $0["event"] as? String == "order" && $0["shuffle"] as? Bool == shuffle
        && $0["repeat"] as? String == repeatMode
    }
  }

  @Test func keysAndMPRISSetShuffleAndRepeatAndTheQueueResumesAfterARestart() throws {
    let desktop = try PrivateDesktop()
    let bus = try PrivateBus()
    let folder = try Paths.makeTemporaryDirectory()
    let album = try album(in: folder)
    let first = try PlayProcess(
      [album], display: desktop.display, folder: folder, environment: bus.environment)
    defer { _ = first.terminate() }
    try #require(first.waitForEvent(isReady("tone 1.ogg")) != nil, "\(first.stderr)")
    let name = MPRIS.plainName
    try #require(bus.waitForName(name), "\(name) never appeared: \(first.stderr)")
    // On the first track of three, with no repeat: no previous track, a next one.
    #expect(try bus.property("CanGoPrevious", of: name) == "b false")
    #expect(try bus.property("CanGoNext", of: name) == "b true")
    #expect(try bus.property("Shuffle", of: name) == "b false")
    #expect(try bus.property("LoopStatus", of: name) == "s \"None\"")

    let main = try #require(
      desktop.window(ofProcess: first.pid, named: "lyricpip$|– lyricpip"),
      "no main window: \(first.stderr)")
    // Up and taking keys: `ready` may come before the windows are made (the sound first).
    try #require(first.waitForMainFocus(), "the main window never had the focus: \(first.stderr)")
    try desktop.run("xdotool", ["windowactivate", "--sync", main])
    // N: the next track. R: repeat all. H: shuffle on; H again: off.
    try desktop.run("xdotool", ["key", "n"])
    #expect(first.waitForEvent(isReady("tone 2.ogg")) != nil, "\(first.events().suffix(3))")
    try desktop.run("xdotool", ["key", "r"])
    #expect(first.waitForEvent(isOrder(shuffle: false, repeatMode: "all")) != nil)
    try desktop.run("xdotool", ["key", "h"])
    #expect(first.waitForEvent(isOrder(shuffle: true, repeatMode: "all")) != nil)
    try desktop.run("xdotool", ["key", "h"])
    #expect(
      poll(timeout: 10) {
        first.events().filter(isOrder(shuffle: false, repeatMode: "all")).count == 2
      }, "\(first.events().suffix(4))")

    // A panel: Shuffle and LoopStatus set over MPRIS, each signalled.
    let signals = folder.appendingPathComponent("signals.txt").path
    let monitor = try bus.monitor(name, into: signals)
    defer { PrivateDesktop.kill(monitor) }
    try bus.run(
      "busctl",
      ["--user", "set-property", name, MPRIS.path, MPRIS.player, "LoopStatus", "s", "Track"])
    #expect(first.waitForEvent(isOrder(shuffle: false, repeatMode: "track")) != nil)
    try bus.run(
      "busctl", ["--user", "set-property", name, MPRIS.path, MPRIS.player, "Shuffle", "b", "true"])
    #expect(first.waitForEvent(isOrder(shuffle: true, repeatMode: "track")) != nil)
    #expect(try bus.property("Shuffle", of: name) == "b true")
    #expect(try bus.property("LoopStatus", of: name) == "s \"Track\"")
    #expect(
      poll(timeout: 10) {
        let text = PrivateBus.text(of: signals)
        return text.contains("'LoopStatus': <'Track'>") && text.contains("'Shuffle': <true>")
      }, "no PropertiesChanged: \(PrivateBus.text(of: signals))")
    // Repeating: there is always somewhere to go.
    #expect(try bus.property("CanGoPrevious", of: name) == "b true")
    let bad = try bus.run(
      "busctl",
      ["--user", "set-property", name, MPRIS.path, MPRIS.player, "LoopStatus", "s", "Sometimes"])
    #expect(bad.status != 0)

    // Some way into track 2, then quit (the state is saved).
    try bus.call(name, MPRIS.player, "Seek", ["x", "6000000"])
    #expect(first.waitForEvent { $0["event"] as? String == "seek" } != nil)
    let end = first.terminate()
    #expect(end.status == 0 && !end.bySignal, "\(first.stderr)")
    let saved = try #require(first.savedState())
    let queue = try #require(saved["queue"] as? [String: Any], "\(saved)")
    #expect((queue["paths"] as? [String])?.count == 3, "\(queue)")
    #expect(queue["index"] as? Int == 1, "\(queue)")
    #expect(queue["shuffle"] as? Bool == true, "\(queue)")
    // The play order, which the next run keeps (QueueResumeTests follows it through).
    #expect((queue["order"] as? [Int])?.sorted() == [0, 1, 2], "\(queue)")
    #expect(queue["repeat"] as? String == "track", "\(queue)")

    // The desktop shortcut: no file. The same queue, track 2, from where it was, as it was set.
    let second = try PlayProcess(
      [], display: desktop.display, folder: try Paths.makeTemporaryDirectory(),
      environment: bus.environment.merging([
        "XDG_STATE_HOME": folder.appendingPathComponent("state").path
      ]) { $1 })
    defer { _ = second.terminate() }
    #expect(second.waitForEvent(isReady("album/tone 2.ogg")) != nil, "\(second.stderr)")
    let playing = second.waitForEvent {
      $0["event"] as? String == "state" && $0["state"] as? String == "playing"
    }
    #expect((playing?["posMs"] as? Int ?? 0) >= 5_000, "\(second.events().prefix(4))")
    #expect(second.stderr.contains("resuming"), "\(second.stderr)")
    #expect(second.waitForEvent(isOrder(shuffle: true, repeatMode: "track")) != nil)
    #expect(bus.waitForName(name), "\(second.stderr)")
    #expect(try bus.property("Shuffle", of: name) == "b true")
  }

  /// Drops `paths` onto `window` through a real XDND exchange (a python-xlib source, as a file
  /// manager's drag ends).
  func drop(_ paths: [String], onto window: String, _ desktop: PrivateDesktop) throws {
    let script = Paths.packageRoot.appendingPathComponent(
      "Tests/EndToEndTests/Fixtures/xdnd-drop.py"
    ).path
    // Debian's python3, where python3-xlib is installed.
    let result = try desktop.run("/usr/bin/python3", [script, window] + paths)
    try #require(result.status == 0, "xdnd-drop: \(result.stderr)")
  }

  @Test func foldersAndFilesDroppedOntoEitherWindowJoinTheQueue() throws {
    let desktop = try PrivateDesktop()
    let bus = try PrivateBus()
    let folder = try Paths.makeTemporaryDirectory()
    let album = try album(in: folder)
    let single = folder.appendingPathComponent("single.ogg").path
    try ToneFile.write(to: single, seconds: 30)
    let player = try PlayProcess(
      [single], display: desktop.display, folder: folder, environment: bus.environment)
    defer { _ = player.terminate() }
    try #require(player.waitForEvent(isReady("single.ogg")) != nil, "\(player.stderr)")
    let main = try #require(
      desktop.window(ofProcess: player.pid, named: "lyricpip$|– lyricpip"),
      "no main window: \(player.stderr)")

    // The folder onto the main window: its three tracks after the one playing, which goes on.
    try drop([album], onto: main, desktop)
    let queued = player.waitForEvent { $0["event"] as? String == "queued" }
    #expect(queued?["tracks"] as? Int == 3, "\(player.events().suffix(3)) \(player.stderr)")
    #expect(try bus.property("CanGoNext", of: MPRIS.plainName) == "b true")
    #expect(!player.events().contains(where: isReady("tone 1.ogg")))

    // A file onto the strip (P shows it): the queue grows by one more.
    try desktop.run("xdotool", ["windowactivate", "--sync", main])
    try desktop.run("xdotool", ["key", "p"])
    let strip = try #require(
      desktop.window(ofProcess: player.pid, named: "^lyricpip lyrics$"), "no strip")
    _ = player.waitForPip("didStart")
    try drop([single], onto: strip, desktop)
    #expect(
      poll(timeout: 10) {
        player.events().filter { $0["event"] as? String == "queued" }.count == 2
      }, "\(player.events().suffix(3))")

    // Next: the dropped album's first track, in album order.
    try bus.call(MPRIS.plainName, MPRIS.player, "Next")
    #expect(player.waitForEvent(isReady("album/tone 1.ogg")) != nil, "\(player.events().suffix(3))")
  }

  @Test func theQueueViewPlaysTheTrackChosenWithTheKeys() throws {
    let desktop = try PrivateDesktop()
    let bus = try PrivateBus()
    let folder = try Paths.makeTemporaryDirectory()
    let album = try album(in: folder)
    let player = try PlayProcess(
      [album], display: desktop.display, folder: folder, environment: bus.environment)
    defer { _ = player.terminate() }
    try #require(player.waitForEvent(isReady("tone 1.ogg")) != nil, "\(player.stderr)")
    let main = try #require(
      desktop.window(ofProcess: player.pid, named: "lyricpip$|– lyricpip"),
      "no main window: \(player.stderr)")
    // Up and taking keys: `ready` may come before the windows are made (the sound first).
    try #require(player.waitForMainFocus(), "the main window never had the focus: \(player.stderr)")
    try desktop.run("xdotool", ["windowactivate", "--sync", main])
    // Q: the queue; ↓ ↓ to the third track; Enter plays it.
    try desktop.run("xdotool", ["key", "--delay", "100", "q", "Down", "Down", "Return"])
    #expect(player.waitForEvent(isReady("tone 3.ogg")) != nil, "\(player.events().suffix(3))")
    // Q again: the lyrics; ↓ scrolls them and plays nothing. Space then pauses, and its
    // `state` event is the barrier: the window takes the keys in order and the player carries
    // out its commands in order, each track's `ready` written before the next command runs, so
    // a track the keys before it had started would have come out first.
    try desktop.run("xdotool", ["key", "--delay", "100", "q", "Down", "Return", "space"])
    #expect(
      player.waitForEvent {
        $0["event"] as? String == "state" && $0["state"] as? String == "paused"
      } != nil, "\(player.events().suffix(3))")
    #expect(
      player.events().filter { $0["event"] as? String == "ready" }.count == 2,
      "\(player.events().suffix(3))")
  }
}
