import Foundation
import Glibc
import TestSupport
import Testing

/// SIGHUP reads the settings file again (`play`, real time): `replaygain` and the strip's looks
/// change at once, other keys the mode reads are named as needing a restart, and a file with a mistake keeps the
/// settings in use; each time a `settings` event says which, and the player plays on.
@Suite(.tags(.realTime), .timeLimit(.minutes(3)))
struct SettingsReloadTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  func writeSettings(_ text: String) throws {
    try folder.write("config/lyricpip/config", text)
  }

  func tone(seconds: Int) throws -> String {
    let path = folder.appendingPathComponent("tone.ogg").path
    try ToneFile.write(to: path, seconds: Double(seconds))
    return path
  }

  /// Sends SIGHUP and waits for the `settings` event it makes (the `count`th).
  func hangUp(_ player: PlayProcess, expecting count: Int) -> [String: Any]? {
    kill(player.pid, SIGHUP)
    _ = poll(timeout: 10) { settingsEvents(player).count >= count || !player.process.isRunning }
    return settingsEvents(player).count >= count ? settingsEvents(player)[count - 1] : nil
  }

  func settingsEvents(_ player: PlayProcess) -> [[String: Any]] {
    player.events().filter { $0["event"] as? String == "settings" }
  }

  @Test func withoutWindowsReplayGainChangesAtOnceAndAMistakeKeepsTheSettings() throws {
    try writeSettings("replaygain = track\nopacity = 0.9\n")
    let track = try tone(seconds: 8)
    let player = try PlayProcess(
      [track, "--no-window", "--offline"], display: "", folder: folder.url)
    defer { _ = player.terminate() }
    try #require(
      player.waitForEvent { $0["event"] as? String == "ready" } != nil, "\(player.stderr)")

    // The windows' opacity is not read without windows: not mentioned.
    try writeSettings("replaygain = album\nonline = off\nopacity = 0.5\n")
    let reloaded = try #require(
      hangUp(player, expecting: 1), "\(player.events()) \(player.stderr)")
    #expect(reloaded["state"] as? String == "reloaded")
    #expect(reloaded["applied"] as? [String] == ["replaygain"])
    #expect(reloaded["restart"] as? [String] == ["online"])
    #expect(
      player.stderr.contains("applied: replaygain; needs a restart: online"), "\(player.stderr)")

    try writeSettings("replaygain = loud\n")
    let kept = try #require(hangUp(player, expecting: 2), "\(player.events()) \(player.stderr)")
    #expect(kept["state"] as? String == "kept")
    let message = kept["message"] as? String ?? ""
    #expect(message.contains("config:1: replaygain must be"), "\(message)")

    // Nothing changed since the last good reading: nothing applied, online still to restart.
    try writeSettings("replaygain = album\nonline = off\n")
    let again = try #require(hangUp(player, expecting: 3), "\(player.events())")
    #expect(again["applied"] as? [String] == [])
    #expect(again["restart"] as? [String] == ["online"])

    #expect(player.process.isRunning, "SIGHUP ended the player: \(player.stderr)")
    #expect(poll(timeout: 20) { !player.process.isRunning })
    #expect(player.process.terminationStatus == 0, "\(player.stderr)")
    #expect(player.process.terminationReason == .exit)
  }

  @Test(.enabled(if: Service.x11.shouldRun))
  func theWindowedStripTakesTheNewColoursAtOnceAndTheRestNeedsARestart() throws {
    // The strip's letters all red (the sung part too), with no shadow to blend them.
    try writeSettings(
      "text-colour = #FF0000\nfill-colour = #FF0000\nshadow = no\ngrace-ms = 250\n")
    let track = try tone(seconds: 30)
    try folder.write("tone.lrc", "[00:00.00]Hello strip\n[00:29.00]the end\n")
    let desktop = try PrivateDesktop()
    let player = try PlayProcess(
      [track, "--offline", "--pip"], display: desktop.display, folder: folder.url)
    defer { _ = player.terminate() }
    try #require(player.waitForPip("didStart") != nil, "\(player.events()) \(player.stderr)")
    let strip = try #require(
      desktop.window(ofProcess: player.pid, named: "^lyricpip lyrics$"), "\(player.stderr)")
    let red = try #require(
      lettersShown(on: desktop, strip, in: ScreenPixel.isRed), "no red letters: \(player.stderr)")

    try writeSettings(
      "text-colour = #00FF00\nfill-colour = #00FF00\nshadow = no\nopacity = 0.9\n"
        + "grace-ms = 100\nreplaygain = off\n")
    let reloaded = try #require(
      hangUp(player, expecting: 1), "\(player.events()) \(player.stderr)")
    #expect(reloaded["applied"] as? [String] == ["opacity", "look", "replaygain"])
    #expect(reloaded["restart"] as? [String] == ["grace-ms"])
    let green = lettersShown(on: desktop, strip, in: ScreenPixel.isGreen)
    #expect(green != nil, "the strip did not turn green after SIGHUP (\(red))")
    if let green {
      #expect(green.count(where: ScreenPixel.isRed) < 50, "red left on the strip: \(green.path)")
    }
    #expect(player.process.isRunning, "SIGHUP ended the player: \(player.stderr)")
    let end = player.terminate()
    #expect(end.status == 0 && !end.bySignal, "status \(end.status): \(player.stderr)")
  }

  @Test(.enabled(if: Service.dbus.shouldRun))
  func followStartsFollowingAPlayerNoLongerIgnored() throws {
    try writeSettings("follow-ignore = scripted\n")
    let bus = try PrivateBus()
    let audio = folder.appendingPathComponent("song.flac")
    try Data().write(to: audio)
    try folder.write("song.lrc", "[00:00.50]one\n[00:30.00]two\n")
    let follow = try PlayProcess(
      [], display: "", folder: folder.url, environment: bus.environment,
      command: ["follow", "--no-window"])
    defer { _ = follow.terminate() }
    let player = try ScriptedMPRISPlayer(
      name: "scripted", arguments: ["--track", audio.absoluteString], bus: bus,
      folder: folder.url)
    try #require(bus.waitForName(player.busName))
    player.send("play")
    let followed = { (follow: PlayProcess) in
      follow.events().contains {
        $0["event"] as? String == "player" && $0["name"] as? String == player.busName
      }
    }
    #expect(!poll(timeout: 2) { followed(follow) }, "an ignored player was followed")

    try writeSettings("follow-ignore = firefox\n")
    let reloaded = try #require(hangUp(follow, expecting: 1), "\(follow.events())")
    #expect(reloaded["applied"] as? [String] == ["follow-ignore"])
    #expect(reloaded["restart"] as? [String] == [])
    #expect(poll(timeout: 10) { followed(follow) }, "\(follow.events()) \(follow.stderr)")
  }

  /// The strip's pixels once more than 300 of them are of `colour` (within 10 s); nil if never.
  func lettersShown(
    on desktop: PrivateDesktop, _ window: String, in colour: @escaping (ScreenPixel) -> Bool
  ) -> ScreenPixels? {
    var shot: ScreenPixels?
    _ = poll(timeout: 10, interval: 0.2) {
      shot = try? ScreenPixels.capture(window, on: desktop, in: folder)
      return (shot?.count(where: colour) ?? 0) > 300
    }
    return (shot?.count(where: colour) ?? 0) > 300 ? shot : nil
  }
}
