import Dispatch
import Foundation
import LyricsCore
import Playback
import SystemSupport
import TestSupport
import Testing

/// The sound server stops answering (SIGSTOP: a hung or swapped-out server keeps its socket open
/// and says nothing). The player's commands and its heard position must still answer at once,
/// and when the server goes on, so does the song, from where it was sought meanwhile.
///
/// A server of the test's own: stopping the shared one would stall the other suites.
@Suite(.enabled(if: Service.pulse.shouldRun))
struct PulseStallTests {
  @Test(.timeLimit(.minutes(1)))
  func commandsAnswerWhileTheServerIsStoppedAndPlaybackGoesOnAfter() throws {
    // The fixture first: a child started while the server runs would share its descriptors.
    let path = try AudioFixtures.sine("tone.flac", seconds: 8, rate: 48_000)
    let server = try PrivatePulseServer()
    defer { server.resume() }
    let output = try PulseOutput(server: server.address)
    try output.open()
    let player = Player(output: output, clock: SystemClock())
    defer { player.shutdown() }
    let log = EventLog(player)
    player.load([.file(path)])
    player.play()
    try #require(poll(timeout: 10) { player.heardPosition().nanos > 1_000_000_000 })

    server.suspend()
    let commands: [(String, @Sendable () -> Void)] = [
      ("seek", { player.seek(toNanos: 4_000_000_000) }),
      ("heardPosition", { _ = player.heardPosition() }),
      ("pause", { player.pause() }),
      ("heardPosition while paused", { _ = player.heardPosition() }),
      ("play", { player.play() }),
      ("state", { _ = player.state }),
    ]
    for (name, command) in commands {
      let taken = secondsTaken(within: 1, command)
      #expect(taken != nil, "\(name) did not return within 1 s while the server was stopped")
      if taken == nil { break }
    }
    #expect(log.all.contains(.sought(positionNanos: 4_000_000_000)))
    // Nothing is heard while the server is stopped: the position stays at the seek target.
    let stalled = player.heardPosition().nanos
    #expect(stalled >= 4_000_000_000 && stalled < 4_300_000_000, "at \(stalled) ns")

    server.resume()
    // The song goes on from the seek made meanwhile, not from where it was before it.
    #expect(
      poll(timeout: 10) { player.heardPosition().nanos > 4_500_000_000 },
      "stuck at \(player.heardPosition().nanos) ns")
    #expect(log.waitForEnd(seconds: 15), "state \(player.state)")
    #expect(player.heardPosition().nanos == 8_000_000_000)
  }

  /// Connecting to a server that does not answer gives up, with a message, instead of waiting
  /// for ever (the socket takes the connection; nothing more comes).
  @Test(.timeLimit(.minutes(1)))
  func openingAStoppedServerGivesUpWithinItsTimeout() throws {
    let server = try PrivatePulseServer()
    defer { server.resume() }
    server.suspend()
    let output = try PulseOutput(server: server.address)
    defer { output.close() }
    let start = DispatchTime.now()
    #expect {
      try output.open()
    } throws: { error in
      "\(error)".contains("did not answer within 5 s")
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    #expect(seconds > 4 && seconds < 8, "gave up after \(seconds) s")
  }
}
