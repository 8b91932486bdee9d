import Foundation
import Locking
import LyricsCore
import Playback
import SystemSupport
import TestSupport
import Testing

/// Gapless playback and ReplayGain as a listener hears them: the real player through the
/// private PulseAudio server, recorded from the null sink's monitor. Real time: serialized, and
/// run with the other real-time suites, one at a time.
@Suite(
  .tags(.realTime), .serialized, .enabled(if: Service.pulse.shouldRun), .timeLimit(.minutes(5)))
struct GaplessRecordingTests {
  static let rate = MonitorRecorder.rate

  func makePlayer() throws -> Player {
    let output = try PulseOutput()
    try output.open()
    return Player(output: output, clock: SystemClock())
  }

  /// How far the recording may depart from the tone near the joint: 16-bit rounding for a
  /// lossless file; a lossy codec's own error (measured: MP3 0.0005, Opus 0.006; a cut-off sound
  /// departs by 0.18).
  static func allowedDeparture(_ format: String) -> Double {
    format == "wav" ? 0.01 : 0.05
  }

  /// One continuous sweep cut into two files at a sample that is no multiple of any chunk or
  /// period size (WAV as cut; MP3 and Opus encoded from the two halves, whose encoder delay and
  /// padding FFmpeg takes off). Played as a queue, the recording lines up with the uncut tone on
  /// both sides of the joint at the same place: the gap is 0 samples, and nothing (no click)
  /// departs from the tone around it. The second track becomes current when the joint is heard.
  @Test(arguments: ["wav", "mp3", "opus"])
  func aToneCutInTwoPlaysWithNoGapAtTheJoint(_ format: String) throws {
    let tone = AudioFixtures.sweep(seconds: 3)
    let joint = 1 * Self.rate + 12_345
    var first = try AudioFixtures.wav(Array(tone[..<joint]), name: "first.wav")
    var second = try AudioFixtures.wav(Array(tone[joint...]), name: "second.wav")
    if format != "wav" {
      first = try AudioFixtures.encoded(first, as: format)
      second = try AudioFixtures.encoded(second, as: format)
    }
    let recorder = try MonitorRecorder()
    let player = try makePlayer()
    defer { player.shutdown() }
    let log = EventLog(player)
    let switchedAt = Mutex<Int64?>(nil)
    player.addObserver { event in
      if case .trackChanged(1, _) = event {
        switchedAt.withLock { $0 = SystemClock.monotonicNanos() }
      }
    }
    player.load([.file(first), .file(second)])
    player.play()
    #expect(log.waitForEnd(seconds: 15))
    let recording = recorder.stopAfterTheSoundEnds()

    let onset = try #require(recording.samples.firstIndex { abs(Int32($0)) >= 500 })
    // The sink's monitor may start a little after the sound (its first samples are then not in
    // the recording): the tone's place is looked for from a tenth of a second before the first
    // loud sample. Lined up over the quarter second before the joint, then over the quarter
    // second after it, near where a silence there (if any) says it resumed.
    let window = Self.rate / 4
    let before = try #require(
      ToneAlignment.lag(
        of: tone, from: joint - window, length: window, in: recording.samples,
        range: (onset - Self.rate / 10)...(onset + 100)))
    let silence = ToneAlignment.silentRun(in: recording.samples, near: before + joint)
    let after = try #require(
      ToneAlignment.lag(
        of: tone, from: joint, length: window, in: recording.samples,
        range: (before + silence - 200)...(before + silence + 200)))
    let gap = after - before
    print("gapless joint (\(format)): gap \(gap) samples at \(Self.rate) Hz")
    #expect(gap == 0, "the second file was heard \(gap) samples late")
    let around = (joint - Self.rate / 100)..<(joint + Self.rate / 100)
    let error = ToneAlignment.largestError(
      of: tone, samples: around, in: recording.samples, lag: before)
    print("gapless joint (\(format)): largest departure within 10 ms: \(error) of full scale")
    #expect(
      error < Self.allowedDeparture(format),
      "the joint departs from the tone by \(error) of full scale")

    // The track change is announced when the joint is heard (the output's heard position).
    let jointHeard = recording.startNanos + Int64(before + joint) * 1_000_000_000 / Int64(Self.rate)
    let switched = try #require(switchedAt.withLock { $0 })
    let lateMs = Double(switched - jointHeard) / 1e6
    print("gapless joint (\(format)): trackChanged \(lateMs) ms after the joint was recorded")
    #expect(abs(lateMs) < 30, "trackChanged came \(lateMs) ms from the joint")
    #expect(log.trackIndexes == [0, 1])
  }

  /// The same tone untagged and tagged −6 dB, one after the other: the second is recorded 6 dB
  /// quieter (the tolerance covers the server's resampling and 16-bit recording).
  @Test func aTrackTaggedMinusSixDecibelsIsSixDecibelsQuieter() throws {
    let plain = try AudioFixtures.sine("plain.flac", seconds: 1, rate: 48_000)
    let tagged = try AudioFixtures.sine(
      "tagged.flac", seconds: 1, rate: 48_000,
      tags: ["REPLAYGAIN_TRACK_GAIN": "-6.00 dB", "REPLAYGAIN_TRACK_PEAK": "0.5"])
    let recorder = try MonitorRecorder()
    let (player, log) = try startPlaying([plain, tagged], on: PulseOutput())
    defer { player.shutdown() }
    #expect(log.waitForEnd(seconds: 15))
    let recording = recorder.stopAfterTheSoundEnds()
    let onset = try #require(recording.samples.firstIndex { abs(Int32($0)) >= 500 })
    // The middle half of each second: clear of the joint and of the ends.
    let quarter = Self.rate / 4
    let loud = ToneAlignment.rms(recording.samples[(onset + quarter)..<(onset + 3 * quarter)])
    let start = onset + Self.rate
    let quiet = ToneAlignment.rms(recording.samples[(start + quarter)..<(start + 3 * quarter)])
    let decibels = 20 * log10(quiet / loud)
    print("replaygain: the -6 dB track recorded \(decibels) dB from the untagged one")
    #expect(abs(decibels + 6) < 0.2, "recorded \(decibels) dB")
  }
}
