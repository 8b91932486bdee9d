import Dispatch
import Foundation
import Playback
import SystemSupport
import TestSupport
import Testing

/// Runs `body` on a thread of its own and says how long it took, or nil when it did not return
/// within `seconds` (a frozen call is left behind; resuming the stopped server frees it). The
/// stalled-server suites time each player command with it.
func secondsTaken(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> Double? {
  let done = DispatchSemaphore(value: 0)
  let start = DispatchTime.now()
  Thread.detachNewThread {
    body()
    done.signal()
  }
  guard done.wait(timeout: start + seconds) == .success else { return nil }
  return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

/// The stalled-server scenario both outputs go through: play an 8 s file on `output` (opened
/// here), stop
/// `server` once a second is heard, check that every player command returns within 1 s and the
/// position stays at the seek made meanwhile, then let the server go on and check the song ends
/// at 8 s, from that seek.
/// - Parameters:
///   - settleSeconds: how long to wait after stopping the server before the commands (a backend
///     that buffers in front of the server needs a moment to be really blocked).
///   - positionFirst: also read the position once before the seek.
///   - expectStillWhileStalled: also expect the position not to be advancing while stopped.
func playThroughAStall(
  of server: PrivatePulseServer, on output: AudioOutput, file path: String,
  settleSeconds: Double, positionFirst: Bool, expectStillWhileStalled: Bool
) throws {
  let (player, log) = try startPlaying([path], on: output)
  defer { player.shutdown() }
  try #require(poll(timeout: 10) { player.heardPosition().nanos > 1_000_000_000 })

  server.suspend()
  // A pause, not a wait: nothing tells when a backend that buffers in front of the server has
  // filled what it holds and blocks (the commands must then still answer).
  if settleSeconds > 0 { Thread.sleep(forTimeInterval: settleSeconds) }
  var commands: [(String, @Sendable () -> Void)] = [
    ("seek", { player.seek(toNanos: 4_000_000_000) }),
    ("heardPosition after the seek", { _ = player.heardPosition() }),
    ("pause", { player.pause() }),
    ("heardPosition while paused", { _ = player.heardPosition() }),
    ("play", { player.play() }),
    ("state", { _ = player.state }),
  ]
  if positionFirst { commands.insert(("heardPosition", { _ = player.heardPosition() }), at: 0) }
  for (name, command) in commands {
    let taken = secondsTaken(within: 1, command)
    #expect(taken != nil, "\(name) did not return within 1 s while the server was stopped")
    if taken == nil { break }
  }
  #expect(log.all.contains(.sought(positionNanos: 4_000_000_000)))
  // Nothing is heard while the server is stopped: the position stays at the seek target.
  let stalled = player.heardPosition().nanos
  #expect(stalled >= 4_000_000_000 && stalled < 4_300_000_000, "at \(stalled) ns")
  if expectStillWhileStalled { #expect(!player.heardPosition().isAdvancing) }

  server.resume()
  // The song goes on from the seek made meanwhile, not from where it was before it.
  #expect(
    poll(timeout: 10) { player.heardPosition().nanos > 4_500_000_000 },
    "stuck at \(player.heardPosition().nanos) ns")
  #expect(log.waitForEnd(seconds: 15), "state \(player.state)")
  #expect(player.heardPosition().nanos == 8_000_000_000)
}
