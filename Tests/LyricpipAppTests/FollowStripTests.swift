import Foundation
import TestSupport
import Testing

/// `lyricpip follow` with its windows: the strip alone, up while the followed player plays and
/// gone while it is paused or away, on a private X server with openbox and a private bus.
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
    #expect(try desktop.isMapped(strip))
    // No main window on screen, ever (it is made, hidden, as for `play --pip`).
    let main = desktop.window(ofProcess: follow.pid, named: "lyricpip$|– lyricpip", seconds: 1)
    if let main { #expect(try !desktop.isMapped(main)) }

    player.send("pause")
    #expect(follow.waitForPip("didStop") != nil, "\(follow.events())")
    #expect(try !desktop.isMapped(strip))
    player.send("play")
    #expect(
      follow.waitForEvent {
        $0["event"] as? String == "pip" && $0["state"] as? String == "didStart"
          && (follow.events().filter { $0["state"] as? String == "didStart" }.count == 2)
      } != nil, "\(follow.events())")

    player.quit()
    #expect(
      follow.waitForEvent { $0["event"] as? String == "player" && $0["name"] is NSNull } != nil)
    let stops = follow.events().filter {
      $0["event"] as? String == "pip" && $0["state"] as? String == "didStop"
    }
    #expect(stops.count == 2, "\(follow.events())")
    #expect(try !desktop.isMapped(strip))
    if let main { #expect(try !desktop.isMapped(main)) }
  }
}
