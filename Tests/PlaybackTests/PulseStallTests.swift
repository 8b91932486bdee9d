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
@Suite(.tags(.realTime), .enabled(if: Service.pulse.shouldRun))
struct PulseStallTests {
  @Test(.timeLimit(.minutes(1)))
  func commandsAnswerWhileTheServerIsStoppedAndPlaybackGoesOnAfter() throws {
    // The fixture first: a child started while the server runs would share its descriptors.
    let path = try AudioFixtures.sine("tone.flac", seconds: 8, rate: 48_000)
    let server = try PrivatePulseServer()
    defer { server.resume() }
    let output = try PulseOutput(server: server.address)
    try playThroughAStall(
      of: server, on: output, file: path,
      settleSeconds: 0, positionFirst: false, expectStillWhileStalled: false)
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
