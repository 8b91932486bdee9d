import Foundation
import Glibc
import TestSupport
import Testing

/// The sound runs dry (an underrun: the player could not write for a while, as when the machine
/// is suspended, stalls or is starved of CPU) and then flows again: the lines must go on from
/// the heard position. The server stops the stream when its buffer runs out and starts it again
/// once it refills; nothing else tells the player that the heard position moves again, and
/// before the fix no line came after it at all. The player is stopped (SIGSTOP) for 2 s to make
/// the underrun; a real private PulseAudio and real time.
@Suite(.tags(.realTime), .timeLimit(.minutes(2))) struct SoundRanDryTests {
  @Test func linesGoOnAfterTheSoundRanDryAndFlowsAgain() throws {
    let folder = try Paths.makeTemporaryDirectory()
    let audio = folder.appendingPathComponent("dry.wav").path
    try ToneFile.write(to: audio, seconds: 12)
    let lyrics = folder.appendingPathComponent("dry.lrc").path
    let lines = (1...22).map {
      String(format: "[00:%02d.%02d]line %d\n", $0 / 2, ($0 % 2) * 50, $0)
    }
    try Data(lines.joined().utf8).write(to: URL(fileURLWithPath: lyrics))
    let server = try PrivatePulseServer()
    defer { server.stop() }
    let player = try PlayProcess(
      [audio, "--lyrics", lyrics, "--no-window", "--offline"], display: "", folder: folder,
      environment: ["PULSE_SERVER": server.address], command: ["play", "--audio", "pulse"])
    defer { _ = player.terminate() }
    let second = player.waitForEvent {
      $0["event"] as? String == "line" && $0["index"] as? Int == 1
    }
    try #require(second != nil, "no line at 1 s: \(player.events()) \(player.stderr)")

    kill(player.pid, SIGSTOP)
    usleep(2_000_000)  // the time the player is held: the underrun's length, not a wait for it
    kill(player.pid, SIGCONT)

    let shownBefore = player.events().filter { $0["event"] as? String == "line" }.count
    // The lines after the stop come again, each at its heard position.
    let later = player.waitForEvent(seconds: 10) {
      $0["event"] as? String == "line" && ($0["index"] as? Int ?? 0) >= shownBefore + 2
    }
    #expect(
      later != nil,
      "the lines stopped after the underrun: \(player.events().suffix(5)) \(player.stderr)")
    if let later, let ms = later["ms"] as? Int, let heard = later["posMs"] as? Int {
      #expect(abs(heard - ms) < 100, "\(later)")
    }
  }
}
