import Foundation
import LyricsCore
import Playback
import SystemSupport
import TestSupport
import Testing

/// The output device changed while playing: the default sink set to a second null sink and the
/// stream moved there (`pactl set-default-sink`, `pactl move-sink-input`), as a desktop does
/// when headphones come. The sound goes on on the new sink with no stall, and the heard position
/// the player reports stays right: each click recorded from the new sink's monitor is heard
/// when the player's position says its time is.
@Suite(.tags(.realTime), .enabled(if: Service.pulse.shouldRun), .timeLimit(.minutes(5)))
struct SinkMoveTests {
  /// How far the player's position may be from the click heard at that instant.
  static let positionBoundNanos: Int64 = 30_000_000

  func pactl(_ server: PrivatePulseServer, _ arguments: [String]) throws -> String {
    let result = try ProcessRunner.run("pactl", ["-s", server.address] + arguments, timeout: 10)
    try #require(result.status == 0, "pactl \(arguments): \(result.stderr)")
    return result.stdout
  }

  @Test func playbackFollowsTheMovedStreamAndTheHeardPositionStaysRight() throws {
    let clicks = (1...7).map(Double.init)
    // The fixture first: a child started while the server runs would share its descriptors.
    let path = try AudioFixtures.clicks(at: clicks, seconds: 8)
    let server = try PrivatePulseServer()
    _ = try pactl(server, ["load-module", "module-null-sink", "sink_name=other"])
    let recorder = try MonitorRecorder(source: "other.monitor", server: server.address)
    let (player, log) = try startPlaying([path], on: PulseOutput(server: server.address))
    defer { player.shutdown() }
    try #require(poll(timeout: 10) { player.heardPosition().nanos > 1_500_000_000 })

    _ = try pactl(server, ["set-default-sink", "other"])
    let inputs = try pactl(server, ["list", "short", "sink-inputs"])
    let index = try #require(inputs.split(separator: "\t").first, "no stream: \(inputs)")
    _ = try pactl(server, ["move-sink-input", String(index), "other"])
    let moved = try pactl(server, ["list", "short", "sink-inputs"])

    // The player's position against the monotonic clock until the end: at most 6.5 s of the
    // track are left, so an end within 9 s means no stall.
    var positions: [(mono: Int64, heard: Int64)] = []
    let ended = poll(timeout: 9, interval: 0.01) {
      // Kept only when the reading took under 2 ms (a loaded machine may stall the thread in
      // between), stamped at its middle.
      let before = SystemClock.monotonicNanos()
      let heard = player.heardPosition().nanos
      let after = SystemClock.monotonicNanos()
      if after - before < 2_000_000 { positions.append(((before + after) / 2, heard)) }
      return log.all.contains(.stateChanged(.ended, positionNanos: 8_000_000_000))
        || player.state == .ended
    }
    let recording = recorder.stop()
    #expect(ended, "no end within 9 s of the move: \(log.all)")
    #expect(log.states.last == .ended, "\(log.states)")
    #expect(!log.all.contains { if case .outputLost = $0 { true } else { false } })

    // Clicks heard on the new sink: the ones after the move (at 2 s or 3 s on).
    let onsets = MonitorRecorder.onsets(recording.samples)
    #expect(onsets.count >= 4, "\(onsets.count) clicks on the new sink; sink inputs \(moved)")
    for onset in onsets {
      let heardAt = recording.startNanos + Int64(onset) * 1_000_000_000 / 48_000
      // The player's position at that instant (the sample just before it).
      guard let sample = positions.last(where: { $0.mono <= heardAt }) else { continue }
      let position = sample.heard + (heardAt - sample.mono)
      let click = (Double(position) / 1e9).rounded()
      let error = position - Int64(click * 1e9)
      #expect(
        abs(error) < Self.positionBoundNanos,
        "click \(click) s heard when the player said \(Double(position) / 1e9) s")
    }
  }
}
