import Foundation
import Glibc
import TestSupport
import Testing

/// The audio file changes on disk while it plays (`play --no-window --audio null`, real time):
/// deleted, it plays on to its end (FFmpeg holds it open, and an open file lives on until it is
/// closed); truncated, the track ends where the file now ends, with a message, and the queue goes
/// on to the next track.
@Suite(.tags(.realTime), .timeLimit(.minutes(3)))
struct ChangedAudioFileTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  /// Quiet noise of `seconds` as Ogg Vorbis at a high quality; its path. Noise and not a tone:
  /// a tone packs so small that all of it is in FFmpeg's read buffer at open, and a cut would
  /// never be seen.
  func noise(_ name: String, seconds: Int) throws -> String {
    let path = folder.appendingPathComponent(name).path
    let made = try ProcessRunner.run(
      "ffmpeg",
      [
        "-v", "error", "-y", "-f", "lavfi", "-i", "anoisesrc=duration=\(seconds):amplitude=0.05",
        "-ac", "2", "-c:a", "libvorbis", "-q:a", "8", path,
      ])
    try #require(made.status == 0, "ffmpeg: \(made.stderr)")
    return path
  }

  func play(_ paths: [String]) throws -> PlayProcess {
    try PlayProcess(
      paths + ["--no-window", "--offline"], display: "", folder: folder.url,
      command: ["play", "--audio", "null"])
  }

  func ready(_ player: PlayProcess, _ path: String) -> [String: Any]? {
    player.waitForEvent(seconds: 30) {
      $0["event"] as? String == "ready" && $0["track"] as? String == path
    }
  }

  func errors(_ player: PlayProcess) -> [String] {
    player.events().filter { $0["event"] as? String == "error" }.compactMap {
      $0["message"] as? String
    }
  }

  @Test func aFileDeletedWhileItPlaysPlaysToItsEnd() throws {
    let first = try noise("first.ogg", seconds: 4)
    let second = try noise("second.ogg", seconds: 1)
    let player = try play([first, second])
    defer { _ = player.terminate() }
    try #require(ready(player, first) != nil, "\(player.stderr)")
    let clock = ContinuousClock()
    let deleted = clock.now
    try FileManager.default.removeItem(atPath: first)

    try #require(ready(player, second) != nil, "\(player.events()) \(player.stderr)")
    let played = clock.now - deleted
    #expect(played > .milliseconds(3_500), "the deleted track stopped after \(played)")
    #expect(poll(timeout: 15) { !player.process.isRunning })
    #expect(player.process.terminationStatus == 0, "\(player.stderr)")
    #expect(errors(player).isEmpty)
  }

  @Test func aFileTruncatedWhileItPlaysEndsThereWithAMessageAndTheQueueGoesOn() throws {
    let first = try noise("first.ogg", seconds: 12)
    let second = try noise("second.ogg", seconds: 1)
    let player = try play([first, second])
    defer { _ = player.terminate() }
    try #require(ready(player, first) != nil, "\(player.stderr)")
    let clock = ContinuousClock()
    let cut = clock.now
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: first)[.size] as? Int)
    try #require(truncate(first, off_t(size / 2)) == 0)

    try #require(ready(player, second) != nil, "\(player.events()) \(player.stderr)")
    let played = clock.now - cut
    #expect(played < .seconds(9), "the truncated track played on for \(played)")
    let message = try #require(errors(player).first, "\(player.events())")
    #expect(message.hasPrefix("\(first) ended early: the file ends at 00:0"), "\(message)")
    #expect(message.hasSuffix("before its length of 00:12: it was cut short after it was opened"))
    #expect(poll(timeout: 15) { !player.process.isRunning })
    #expect(player.process.terminationStatus == 0, "\(player.stderr)")
    #expect(player.stderr.contains("ended early"), "\(player.stderr)")
  }
}
