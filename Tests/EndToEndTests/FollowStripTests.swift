import Foundation
import TestSupport
import Testing

/// `lyricpip follow` with its windows: the strip alone (no main window at all), up while the
/// followed player plays and held back, with `strip` events, while it is paused or away, on a
/// private X server with openbox and a private bus.
@Suite(.enabled(if: Service.x11.shouldRun && Service.dbus.shouldRun), .timeLimit(.minutes(5)))
struct FollowStripTests {
  @Test func theStripComesAndGoesWithTheFollowedPlayer() throws {
    let desktop = try PrivateDesktop()
    let bus = try PrivateBus()
    let folder = try Paths.makeTemporaryDirectory()
    let audio = folder.appendingPathComponent("song.flac")
    try Data().write(to: audio)
    try Data("[00:00.50]one\n[00:01.50]two\n[00:30.00]three\n".utf8).write(
      to: folder.appendingPathComponent("song.lrc"))
    let follow = try PlayProcess(
      [], display: desktop.display, folder: folder, environment: bus.environment,
      command: ["follow"])
    defer { _ = follow.terminate() }
    let player = try ScriptedMPRISPlayer(
      name: "scripted", arguments: ["--track", audio.absoluteString], bus: bus, folder: folder)
    try #require(bus.waitForName(player.busName))
    let strip = try #require(
      desktop.window(ofProcess: follow.pid, named: "^lyricpip lyrics$"),
      "no strip window: \(follow.stderr)")
    #expect(try !desktop.isMapped(strip), "the strip is up before anything plays")

    player.send("play")
    #expect(follow.waitForPip("didStart") != nil, "\(follow.events()) \(follow.stderr)")
    #expect(stripEvent(follow, "shown") != nil, "\(follow.events())")
    #expect(try desktop.isMapped(strip))
    // The strip is the follower's one window: no main window is made, hidden or not.
    let windows = try desktop.windows(ofProcess: follow.pid, named: ".")
    #expect(windows == [strip], "the follower's windows: \(windows)")

    // A pause holds the strip back, as play's hide-when-paused does: a `strip` event, and
    // picture-in-picture stays on (no didStop).
    player.send("pause")
    #expect(stripEvent(follow, "hidden", reason: "paused") != nil, "\(follow.events())")
    #expect(try !desktop.isMapped(strip))
    player.send("play")
    #expect(stripEvent(follow, "shown", count: 2) != nil, "\(follow.events())")
    #expect(try desktop.isMapped(strip))

    player.quit()
    #expect(
      follow.waitForEvent { $0["event"] as? String == "player" && $0["name"] is NSNull } != nil)
    #expect(stripEvent(follow, "hidden", reason: "idle") != nil, "\(follow.events())")
    #expect(try !desktop.isMapped(strip))
    let pip = follow.events().filter { $0["event"] as? String == "pip" }.map {
      $0["state"] as? String ?? "?"
    }
    #expect(pip == ["willStart", "didStart"], "picture-in-picture started once: \(pip)")
    #expect(try desktop.windows(ofProcess: follow.pid, named: ".") == [strip])
  }

  /// The `count`-th `strip` event with `state` (and `reason`, when given).
  func stripEvent(_ follow: PlayProcess, _ state: String, reason: String? = nil, count: Int = 1)
    -> [String: Any]?
  {
    let matches: ([String: Any]) -> Bool = {
      $0["event"] as? String == "strip" && $0["state"] as? String == state
        && (reason == nil || $0["reason"] as? String == reason)
    }
    var found: [String: Any]?
    _ = poll(timeout: 15) {
      let all = follow.events().filter(matches)
      found = all.count >= count ? all[count - 1] : nil
      return found != nil || !follow.process.isRunning
    }
    return found
  }
}
