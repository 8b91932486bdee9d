import Foundation
import LyricsCore
import Playback
import TestSupport
import Testing

@Suite(.serialized) struct ALSAOutputTests {
  /// ALSA's `null` PCM discards at once (DESIGN.md): this proves only that the path runs to the
  /// end of the track with a consistent position.
  @Test func playsToTheEndThroughTheNullPCM() throws {
    let path = try AudioFixtures.sine("tone.wav", seconds: 1, rate: 48_000)
    let output = ALSAOutput(device: "null")
    try output.open()
    let player = Player(output: output, clock: SystemClock())
    defer { player.shutdown() }
    let log = EventLog(player)
    player.load([.file(path)])
    player.play()
    let deadline = Date().addingTimeInterval(10)
    while player.state != .ended && Date() < deadline { usleep(2_000) }
    #expect(player.state == .ended)
    #expect(player.heardPosition().nanos == 1_000_000_000)
    #expect(log.states == [.playing, .ended])
  }

  @Test func aMissingDeviceIsUnavailable() {
    let output = ALSAOutput(device: "no-such-device-lyricpip")
    #expect(throws: AudioOutputError.self) { try output.open() }
  }

  /// Through the `pulse` PCM into the private server, the ALSA path really plays in real time
  /// and is recorded like any other.
  @Test(.enabled(if: Service.pulse.shouldRun))
  func playsInRealTimeThroughThePulsePCM() throws {
    let path = try AudioFixtures.sine("tone.flac", seconds: 1.5, rate: 48_000)
    let recorder = try MonitorRecorder()
    let output = ALSAOutput(device: "pulse")
    try output.open()
    let player = Player(output: output, clock: SystemClock())
    defer { player.shutdown() }
    player.load([.file(path)])
    player.play()
    let deadline = Date().addingTimeInterval(15)
    while player.state != .ended && Date() < deadline { usleep(2_000) }
    usleep(200_000)
    let recording = recorder.stop()
    #expect(player.state == .ended)
    let loud = MonitorRecorder.loudSeconds(recording.samples)
    #expect(abs(loud - 1.5) < 0.15, "heard \(loud) s of a 1.5 s tone")
  }
}
