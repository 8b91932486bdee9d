import Foundation
import LyricsCore
import Playback
import SystemSupport
import TestSupport
import Testing

@Suite(.tags(.realTime), .serialized, .timeLimit(.minutes(5))) struct ALSAOutputTests {
  /// ALSA's `null` PCM discards at once, with no pacing (a 3 s file "plays" in 0.01 s): this
  /// proves only that the path runs to the end of the track with a consistent position.
  @Test func playsToTheEndThroughTheNullPCM() throws {
    let path = try AudioFixtures.sine("tone.wav", seconds: 1, rate: 48_000)
    let (player, log) = try startPlaying([path], on: ALSAOutput(device: "null"))
    defer { player.shutdown() }
    #expect(log.waitForEnd(seconds: 10))
    #expect(player.state == .ended)
    #expect(player.heardPosition().nanos == 1_000_000_000)
    #expect(log.states == [.playing, .ended])
  }

  @Test func aMissingDeviceIsUnavailable() {
    let output = ALSAOutput(device: "no-such-device-lyricpip")
    #expect(throws: AudioOutputError.self) { try output.open() }
  }
}
