import Playback
import PlayerContract
import TestSupport
import Testing

/// ReplayGain tags as FFmpeg hands them over (keys lowercased), and the factor applied.
@Suite(.tags(.sanitized)) struct ReplayGainTests {
  @Test func readsTheFourTagsWithOrWithoutTheirUnit() throws {
    let gain = try #require(
      ReplayGain(tags: [
        "replaygain_track_gain": "-6.00 dB", "replaygain_track_peak": "0.988",
        "replaygain_album_gain": "+1.5dB", "replaygain_album_peak": " 0.5 ",
      ]))
    #expect(gain == ReplayGain(trackGain: -6, trackPeak: 0.988, albumGain: 1.5, albumPeak: 0.5))
  }

  @Test func noGainTagsIsNoReplayGain() {
    #expect(ReplayGain(tags: ["title": "x", "replaygain_track_peak": "0.9"]) == nil)
    #expect(ReplayGain(tags: ["replaygain_track_gain": "loud"]) == nil)
  }

  @Test func opusR128GainsAreQ78TowardsMinus23LUFS() throws {
    // -2560/256 = -10 dB towards -23 LUFS, which is -5 dB towards ReplayGain's reference.
    let gain = try #require(ReplayGain(tags: ["r128_track_gain": "-2560", "r128_album_gain": "0"]))
    #expect(gain.trackGain == -5)
    #expect(gain.albumGain == 5)
  }

  @Test func trackAlbumAndOff() {
    let gain = ReplayGain(trackGain: -6, albumGain: -12)
    #expect(abs(gain.factor(.track) - 0.501_187) < 1e-5)
    #expect(abs(gain.factor(.album) - 0.251_189) < 1e-5)
    #expect(gain.factor(.off) == 1)
  }

  @Test func aMissingAlbumGainFallsBackToTheTracksAndTheOtherWayRound() {
    #expect(abs(ReplayGain(trackGain: -6).factor(.album) - 0.501_187) < 1e-5)
    #expect(abs(ReplayGain(albumGain: -6).factor(.track) - 0.501_187) < 1e-5)
  }

  /// +6 dB on a track peaking at 0.8 would clip: the factor stops at 1/0.8.
  @Test func thePeakLimitsTheGain() {
    #expect(ReplayGain(trackGain: 6, trackPeak: 0.8).factor(.track) == 1.25)
    #expect(abs(ReplayGain(trackGain: 6, trackPeak: 0.4).factor(.track) - 1.995_262) < 1e-5)
    // In album mode the album's peak counts.
    #expect(
      ReplayGain(trackGain: 6, trackPeak: 0.4, albumGain: 6, albumPeak: 0.625).factor(.album) == 1.6
    )
  }

  /// FLAC and Vorbis comments, ID3v2 `TXXX` in an MP3, and Opus's R128 tag, written by ffmpeg.
  @Test(arguments: ["tagged.flac", "tagged.mp3", "tagged.ogg"])
  func theDecoderReadsTheTags(_ name: String) throws {
    let path = try AudioFixtures.sine(
      name, seconds: 0.2, rate: 48_000,
      tags: ["REPLAYGAIN_TRACK_GAIN": "-6.00 dB", "REPLAYGAIN_TRACK_PEAK": "0.5"])
    let decoder = try AudioDecoder(path: path)
    #expect(decoder.info.replayGain == ReplayGain(trackGain: -6, trackPeak: 0.5))
  }

  @Test func theDecoderReadsOpusR128() throws {
    let path = try AudioFixtures.sine(
      "tagged.opus", seconds: 0.2, rate: 48_000, tags: ["R128_TRACK_GAIN": "-2560"])
    let decoder = try AudioDecoder(path: path)
    #expect(decoder.info.replayGain?.trackGain == -5)
  }
}
