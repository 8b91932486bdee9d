import Foundation
import Glibc
import TestSupport
import Testing

/// SIGHUP reads the settings file again (`play`, real time): `replaygain` changes at once, other
/// keys the mode reads are named as needing a restart, and a file with a mistake keeps the
/// settings in use; each time a `settings` event says which, and the player plays on.
@Suite(.timeLimit(.minutes(3)))
struct SettingsReloadTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  func writeSettings(_ text: String) throws {
    try folder.write("config/lyricpip/config", text)
  }

  func tone(seconds: Int) throws -> String {
    let path = folder.appendingPathComponent("tone.ogg").path
    let made = try ProcessRunner.run(
      "ffmpeg",
      ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=\(seconds)", path])
    try #require(made.status == 0, "ffmpeg: \(made.stderr)")
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
  func theWindowedPlayerNamesTheLooksAsNeedingARestartAndPlaysOn() throws {
    try writeSettings("opacity = 0.9\n")
    let track = try tone(seconds: 30)
    let desktop = try PrivateDesktop()
    let player = try PlayProcess(
      [track, "--offline"], display: desktop.display, folder: folder.url)
    defer { _ = player.terminate() }
    try #require(
      player.waitForEvent { $0["event"] as? String == "ready" } != nil, "\(player.stderr)")

    try writeSettings("opacity = 0.5\nreplaygain = off\n")
    let reloaded = try #require(
      hangUp(player, expecting: 1), "\(player.events()) \(player.stderr)")
    #expect(reloaded["applied"] as? [String] == ["replaygain"])
    #expect(reloaded["restart"] as? [String] == ["opacity"])
    #expect(player.process.isRunning, "SIGHUP ended the player: \(player.stderr)")
    let end = player.terminate()
    #expect(end.status == 0 && !end.bySignal, "status \(end.status): \(player.stderr)")
  }
}
