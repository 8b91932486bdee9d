import Foundation
import LyricsCore
import Playback
import SystemSupport
import TestSupport
import Testing

@Suite(.tags(.realTime), .enabled(if: Service.pulse.shouldRun), .timeLimit(.minutes(5)))
struct PulseReconnectTests {
  @Test func serverGoneAndBackKeepsThePosition() throws {
    // The fixture first: a child started while the server runs would share its descriptors.
    let path = try AudioFixtures.sine("tone.flac", seconds: 6, rate: 48_000)
    let server = try PrivatePulseServer()
    let (player, log) = try startPlaying([path], on: PulseOutput(server: server.address))
    defer { player.shutdown() }
    #expect(poll(timeout: 10) { player.heardPosition().nanos > 1_000_000_000 })
    server.stop()
    #expect(
      poll(timeout: 5) { log.all.contains { if case .outputLost = $0 { true } else { false } } })
    let kept = player.heardPosition().nanos
    try server.start()
    #expect(poll(timeout: 10) { log.all.contains(.outputReconnected) })
    // Not from 0: on from where it was heard, then to the end.
    #expect(player.heardPosition().nanos >= kept - 100_000_000)
    #expect(log.waitForEnd(seconds: 15))
    #expect(player.heardPosition().nanos == 6_000_000_000)
    #expect(log.trackIndexes == [0])
  }
}
