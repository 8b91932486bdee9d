import Foundation
import Locking
import LyricsCore
import Playback
import SystemSupport
import TestSupport
import Testing

/// The real player through the private PulseAudio server of scripts/with-services, checked by
/// recording the null sink's monitor, as a listener would hear it. Serialized, and the only
/// suite that plays into the shared server, so each recording holds one test's sound.
@Suite(
  .tags(.realTime), .serialized, .enabled(if: Service.pulse.shouldRun), .timeLimit(.minutes(5)))
struct PulseOutputTests {
  @Test func decodedAudioReachesTheServerWhole() throws {
    let path = try AudioFixtures.sine("tone.flac", seconds: 1.5, rate: 48_000)
    let recorder = try MonitorRecorder()
    let (player, log) = try startPlaying([path], on: PulseOutput())
    defer { player.shutdown() }
    #expect(log.waitForEnd(seconds: 10))
    let recording = recorder.stopAfterTheSoundEnds()
    let loud = MonitorRecorder.loudSeconds(recording.samples)
    #expect(abs(loud - 1.5) < 0.1, "heard \(loud) s of a 1.5 s tone")
    #expect(player.heardPosition().nanos == 1_500_000_000)
  }

  @Test func pauseSilencesTheSound() throws {
    let path = try AudioFixtures.sine("tone.flac", seconds: 2, rate: 48_000)
    let recorder = try MonitorRecorder()
    let (player, log) = try startPlaying([path], on: PulseOutput())
    defer { player.shutdown() }
    #expect(poll(timeout: 5) { player.heardPosition().nanos > 700_000_000 })
    player.pause()
    let pausedAt = player.heardPosition()
    #expect(!pausedAt.isAdvancing)
    // The pause itself is the scenario: 0.8 s in which nothing may be heard.
    usleep(800_000)
    #expect(player.heardPosition().nanos == pausedAt.nanos)
    player.play()
    #expect(log.waitForEnd(seconds: 5))
    let recording = recorder.stopAfterTheSoundEnds()
    let gap = MonitorRecorder.longestInnerSilence(recording.samples)
    #expect(gap > 0.7 && gap < 1.0, "silence during pause: \(gap) s")
    // Nothing lost and nothing repeated around the pause.
    let loud = MonitorRecorder.loudSeconds(recording.samples)
    #expect(abs(loud - 2.0) < 0.1, "heard \(loud) s of a 2 s tone")
  }

  /// A whole track played to its end is heard with no gap: the server never ran out of audio
  /// (the soak benchmark counts these events under load, so a quiet machine must give none).
  @Test func aTrackPlayedToItsEndHasNoUnderflow() throws {
    let path = try AudioFixtures.sine("tone.flac", seconds: 1.5, rate: 48_000)
    let (player, log) = try startPlaying([path], on: PulseOutput())
    defer { player.shutdown() }
    #expect(log.waitForEnd(seconds: 10))
    // Nothing tells that no underflow is coming: the server would report one when its buffer
    // ran dry after the end, so the test gives it that time (no event to wait on).
    usleep(300_000)
    let underflows = log.all.filter { if case .outputUnderflow = $0 { true } else { false } }
    #expect(underflows.isEmpty, "\(underflows)")
  }

  /// A stream that is started and then given nothing more runs dry: each time, the output
  /// reports the server's underflow callback with the count so far.
  @Test func aStarvedStreamReportsEachUnderflow() throws {
    let output = try PulseOutput()
    try output.open()
    defer { output.close() }
    let events = Mutex<[AudioOutputEvent]>([])
    output.setEventHandler { event in events.withLock { $0.append(event) } }
    let counts = {
      events.withLock { $0.compactMap { if case .underflow(let n) = $0 { n } else { nil } } }
    }
    let quarterSecond = [Float](repeating: 0, count: 48_000 / 4 * 2)
    output.setPaused(false)
    #expect(output.write(quarterSecond, epoch: 0))
    #expect(poll(timeout: 5) { counts() == [1] }, "underflows: \(counts())")
    #expect(output.write(quarterSecond, epoch: 0))
    #expect(poll(timeout: 5) { counts() == [1, 2] }, "underflows: \(counts())")
  }

  /// Clicks at 1 s and 4 s; the player seeks from about 1.5 s to 3.5 s. At the instant each
  /// click is recorded, the player's heard position must name the click's time (within 20 ms).
  @Test func heardPositionAgreesWithTheRecordingAcrossASeek() throws {
    let path = try AudioFixtures.clicks(at: [1.0, 4.0], seconds: 5)
    let recorder = try MonitorRecorder()
    let (player, _) = try startPlaying([path], on: PulseOutput())
    defer { player.shutdown() }
    var samples: [(mono: Int64, heard: Int64)] = []
    var sought = false
    // The position sampled every millisecond until the end.
    _ = poll(timeout: 15, interval: 0.001) {
      let heard = player.heardPosition()
      if heard.isAdvancing { samples.append((SystemClock.monotonicNanos(), heard.nanos)) }
      if !sought && heard.nanos > 1_500_000_000 {
        player.seek(toNanos: 3_500_000_000)
        sought = true
        samples.removeAll()
      }
      return player.state == .ended
    }
    let recording = recorder.stopAfterTheSoundEnds()
    let onsets = MonitorRecorder.onsets(recording.samples)
    try #require(onsets.count == 2, "onsets: \(onsets)")
    let clickMono = recording.startNanos + Int64(onsets[1]) * 1_000_000_000 / 48_000
    // The heard position at the moment the second click was recorded.
    let before = try #require(
      samples.last { $0.mono <= clickMono },
      "click at \(clickMono), positions from \(samples.first?.mono ?? 0) to \(samples.last?.mono ?? 0), onsets \(onsets), start \(recording.startNanos)"
    )
    let heardAtClick = before.heard + (clickMono - before.mono)
    let errorMs = Double(heardAtClick - 4_000_000_000) / 1e6
    #expect(abs(errorMs) < 20, "heard position at the click: off by \(errorMs) ms")
  }

  /// Through the `pulse` PCM into the private server, the ALSA path really plays in real time
  /// and is recorded like any other.
  @Test
  func playsInRealTimeThroughThePulsePCM() throws {
    let path = try AudioFixtures.sine("tone.flac", seconds: 1.5, rate: 48_000)
    let recorder = try MonitorRecorder()
    let (player, log) = try startPlaying([path], on: ALSAOutput(device: "pulse"))
    defer { player.shutdown() }
    #expect(log.waitForEnd(seconds: 15))
    let recording = recorder.stopAfterTheSoundEnds()
    #expect(player.state == .ended)
    let loud = MonitorRecorder.loudSeconds(recording.samples)
    #expect(abs(loud - 1.5) < 0.15, "heard \(loud) s of a 1.5 s tone")
  }
}
