import Foundation
import TestSupport
import Testing

/// The X server killed under the windowed player: the process ends by itself, soon, with the
/// documented status (69) and one clear line, not by a signal, an abort or Xlib's own `exit(1)`,
/// and the state file holds where playing stood and the queue.
@Suite(.tags(.realTime), .timeLimit(.minutes(5))) struct XServerGoneTests {
  @Test(.enabled(if: Service.x11.shouldRun))
  func killingTheXServerEndsThePlayerCleanlyWithTheStateSaved() throws {
    let desktop = try PrivateDesktop()
    let folder = try Paths.makeTemporaryDirectory()
    var tracks: [String] = []
    for name in ["first", "second"] {
      let path = folder.appendingPathComponent("\(name).wav").path
      try ToneFile.write(to: path, seconds: 20)
      try Data("[00:00.50]one\n[00:02.00]two\n[00:10.00]three\n".utf8).write(
        to: URL(fileURLWithPath: folder.appendingPathComponent("\(name).lrc").path))
      tracks.append(path)
    }
    let player = try PlayProcess(tracks, display: desktop.display, folder: folder)
    defer { _ = player.terminate() }
    #expect(
      desktop.window(ofProcess: player.pid, named: "lyricpip$|– lyricpip") != nil,
      "no main window: \(player.stderr)")
    try #require(
      player.waitForEvent(seconds: 15) {
        $0["event"] as? String == "line" && $0["ms"] as? Int == 2_000
      } != nil, "no line at 2 s: \(player.events()) \(player.stderr)")

    desktop.killServer()
    let killed = ContinuousClock.now
    #expect(poll(timeout: 10) { !player.process.isRunning }, "still running: \(player.stderr)")
    player.process.waitUntilExit()
    #expect(ContinuousClock.now - killed < .seconds(5), "took \(ContinuousClock.now - killed)")
    #expect(player.process.terminationReason == .exit, "ended by a signal: \(player.stderr)")
    #expect(player.process.terminationStatus == 69, "\(player.stderr)")
    #expect(player.stderr.contains("the X server went away"), "\(player.stderr)")
    #expect(!player.stderr.contains("XIO"), "\(player.stderr)")
    #expect(
      player.events().contains {
        $0["event"] as? String == "error"
          && ($0["message"] as? String ?? "").contains("X server went away")
      }, "\(player.events())")

    let saved = try #require(player.savedState(), "no state saved: \(player.stderr)")
    let last = saved["lastTrack"] as? [String: Any] ?? [:]
    #expect(last["path"] as? String == tracks[0], "\(saved)")
    let positionMs = last["positionMs"] as? Int ?? 0
    #expect(positionMs >= 2_000 && positionMs < 15_000, "saved at \(positionMs) ms: \(saved)")
    let queue = saved["queue"] as? [String: Any] ?? [:]
    #expect(queue["paths"] as? [String] == tracks, "\(saved)")
  }
}
