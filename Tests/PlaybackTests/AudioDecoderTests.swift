import Foundation
import Playback
import TestSupport
import Testing

@Suite(.tags(.sanitized), .timeLimit(.minutes(5))) struct AudioDecoderTests {
  static let formats = ["mp3", "flac", "ogg", "opus", "wav", "m4a"]
  let format = AudioFormat(sampleRate: 48_000, channels: 2)

  /// Root mean square of interleaved samples.
  static func rms(_ samples: [Float]) -> Double {
    guard !samples.isEmpty else { return 0 }
    return (samples.reduce(0.0) { $0 + Double($1 * $1) } / Double(samples.count)).squareRoot()
  }

  func readAll(_ decoder: AudioDecoder) -> [Float] {
    var all: [Float] = []
    while true {
      let chunk = decoder.read(maxFrames: 4096)
      if chunk.isEmpty { return all }
      all += chunk
    }
  }

  @Test(arguments: formats)
  func decodesEachFormatToTheOutputFormat(_ ext: String) throws {
    let path = try AudioFixtures.sine(
      "tone.\(ext)", seconds: 1, rate: ext == "opus" ? 48_000 : 44_100,
      tags: ["title": "Tone", "artist": "Sine", "album": "Tests"])
    let decoder = try AudioDecoder(path: path, format: format)
    let samples = readAll(decoder)
    let frames = samples.count / 2
    // One second at 48 kHz; lossy codecs may add or trim a frame's worth of padding.
    #expect(abs(frames - 48_000) < 2_400, "\(ext): \(frames) frames")
    // A sine of amplitude 1/8 (ffmpeg's default) has an RMS near 0.088.
    #expect(Self.rms(samples) > 0.05, "\(ext) is silent")
    let duration = try #require(decoder.info.durationNanos)
    #expect(abs(duration - 1_000_000_000) < 60_000_000)
    if ext != "wav" || decoder.info.title != nil {
      #expect(decoder.info.title == "Tone")
      #expect(decoder.info.artist == "Sine")
      #expect(decoder.info.album == "Tests")
    }
  }

  @Test(arguments: ["mp3", "flac", "ogg", "m4a"])
  func readsEmbeddedLyrics(_ ext: String) throws {
    // ffmpeg writes `lyrics` as an ID3 USLT frame in MP3 and a LYRICS comment in FLAC and Ogg.
    let lrc = "[00:00.50]hello"
    let path = try AudioFixtures.sine("tagged.\(ext)", tags: ["lyrics": lrc])
    let decoder = try AudioDecoder(path: path, format: format)
    #expect(decoder.info.embeddedLyrics == lrc)
  }

  @Test func seekLandsOnTheExactFrame() throws {
    let path = try AudioFixtures.sine("tone.flac", seconds: 3, rate: 48_000)
    let decoder = try AudioDecoder(path: path, format: format)
    let whole = readAll(decoder)
    try decoder.seek(toFrame: 60_000)
    let after = decoder.read(maxFrames: 1000)
    #expect(after.count == 2000)
    // The samples after the seek are the very samples at frame 60000 of a straight read.
    let reference = Array(whole[120_000..<122_000])
    let difference = zip(after, reference).map { abs($0 - $1) }.max() ?? 1
    #expect(difference < 0.001)
  }

  @Test(arguments: ["mp3", "ogg", "opus", "m4a"])
  func seekInLossyFormatsLandsWithin20ms(_ ext: String) throws {
    let path = try AudioFixtures.sine("tone.\(ext)", seconds: 3, rate: 48_000)
    let decoder = try AudioDecoder(path: path, format: format)
    let total = readAll(decoder).count / 2
    try decoder.seek(toFrame: 96_000)
    // From the seek point exactly the rest of a straight read comes out (20 ms = 960 frames).
    let rest = readAll(decoder).count / 2
    #expect(abs(rest - (total - 96_000)) < 960, "\(ext): \(rest) of \(total) after 2 s")
  }

  @Test func missingFileIsUnreadable() {
    #expect(throws: DecoderError.self) { try AudioDecoder(path: "/nonexistent/x.mp3") }
  }

  @Test func textFileNamedMP3IsUnreadable() throws {
    let path = try AudioFixtures.text("song.mp3", "this is not audio\n")
    do {
      _ = try AudioDecoder(path: path)
      Issue.record("a text file decoded")
    } catch {
      if case .unreadable = error {} else { Issue.record("wrong error \(error)") }
    }
  }

  @Test func fileWithoutAudioIsNotAudio() throws {
    let path = try AudioFixtures.imageOnly("picture.mkv")
    #expect(throws: DecoderError.notAudio(path: path)) { try AudioDecoder(path: path) }
  }

  @Test(arguments: ["mp3", "flac", "ogg", "wav"])
  func truncatedFilePlaysWhatItHas(_ ext: String) throws {
    let path = try AudioFixtures.sine("tone.\(ext)", seconds: 6)
    let cut = try AudioFixtures.truncated(path, fraction: 0.6)
    let decoder = try AudioDecoder(path: cut, format: format)
    let frames = readAll(decoder).count / 2
    // A good part of the six seconds, not all, and it ends rather than failing.
    #expect(frames > 48_000 && frames < 260_000, "\(ext): \(frames)")
  }
}
