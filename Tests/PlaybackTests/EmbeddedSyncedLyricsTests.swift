import Foundation
import ID3
import Locking
import LyricsCore
import LyricsFiles
import Playback
import PlayerContract
import TestSupport
import Testing

/// ID3 `SYLT` read from MP3 files whose tags mutagen wrote (scripts/make-sylt-fixtures), as the
/// embedded lyrics source hands them to lookup.
@Suite(.tags(.sanitized), .timeLimit(.minutes(5))) struct EmbeddedSyncedLyricsTests {
  static let fixtures = Paths.packageRoot.appendingPathComponent("Tests/PlaybackTests/Fixtures")

  static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

  /// The tags as the player's decoder reads them, which the session wiring hands the source.
  @Sendable static func decode(_ path: String) -> TrackInfo? { try? AudioDecoder(path: path).info }

  /// The source's candidates for a file, and what it warned about.
  func candidates(_ path: String) -> ([LyricsCandidate.Content], [String]) {
    let warnings = Warnings()
    let source = EmbeddedLyricsSource(readTags: Self.decode, warn: { warnings.append($0) })
    let found = source.candidates(for: TrackIdentity(audioPath: path))
    #expect(found.allSatisfy { $0.source == "embedded" })
    return (found.map(\.content), warnings.all)
  }

  @Test func utf8LinesFromID3v24AreTimedToTheMillisecond() throws {
    let path = Self.fixture("sylt-v24-utf8-lines.mp3")
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let (found, warnings) = candidates(path)
    let expected = Lyrics(lines: [
      LyricLine(ms: 250, text: "First line"), LyricLine(ms: 505, text: "Second line"),
      LyricLine(ms: 757, text: "Unicode 歌词 ünï"),
    ])
    #expect(found == [.lyrics(expected)])
    #expect(warnings.isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the file was changed")
  }

  @Test func utf16WordsFromID3v23BecomeWordTiming() {
    let (found, warnings) = candidates(Self.fixture("sylt-v23-utf16-words.mp3"))
    let expected = Lyrics(lines: [
      LyricLine(
        ms: 100, text: "Hello wörld",
        words: [
          LyricWord(ms: 100, text: "Hel"), LyricWord(ms: 300, text: "lo "),
          LyricWord(ms: 420, text: "wörld"),
        ]),
      LyricLine(
        ms: 600, text: "second line",
        words: [LyricWord(ms: 600, text: "second"), LyricWord(ms: 730, text: " line")],
        endMs: 900),
    ])
    #expect(found == [.lyrics(expected)])
    #expect(warnings.isEmpty)
  }

  @Test func syncedLyricsComeBeforeTheUnsyncedText() throws {
    let path = Self.fixture("sylt-and-uslt.mp3")
    // MPEG-1 Layer III at 44.1 kHz: frames 10 and 30 start at 261 ms and 784 ms. The chords
    // SYLT before it is not lyrics.
    let decoder = try AudioDecoder(path: path)
    #expect(decoder.frameTiming == MPEGFrameTiming(samplesPerFrame: 1152, sampleRate: 44_100))
    let (found, warnings) = candidates(path)
    let timed = Lyrics(lines: [
      LyricLine(ms: 261, text: "timed one"), LyricLine(ms: 784, text: "timed two"),
    ])
    #expect(found == [.lyrics(timed), .text("untimed words")])
    #expect(warnings.isEmpty)
  }

  /// With the probe's facts the source does not open the file in FFmpeg again: the text and the
  /// frame timing come from them (here a text the file does not have), the SYLT from the tag.
  @Test func probedFactsAreUsedInsteadOfASecondOpen() throws {
    let path = Self.fixture("sylt-and-uslt.mp3")
    var probed = try AudioDecoder(path: path).info
    #expect(probed.frameTiming == MPEGFrameTiming(samplesPerFrame: 1152, sampleRate: 44_100))
    probed.embeddedLyrics = "from the probe"
    let found = EmbeddedLyricsSource(probed: probed, readTags: { _ in nil }).candidates(
      for: TrackIdentity(audioPath: path)
    ).map(\.content)
    let timed = Lyrics(lines: [
      LyricLine(ms: 261, text: "timed one"), LyricLine(ms: 784, text: "timed two"),
    ])
    #expect(found == [.lyrics(timed), .text("from the probe")])
  }

  @Test func anEmptySyncedFrameLeavesTheUnsyncedText() {
    let (found, _) = candidates(Self.fixture("sylt-empty-and-uslt.mp3"))
    #expect(found == [.text("only untimed")])
  }

  @Test func aCompressedFrameIsSkippedWithAWarning() throws {
    // The fixture's SYLT frame header starts at byte 10 (no extended header); in ID3v2.3 its
    // second flag byte, at 19, has 0x80 for "compressed".
    var bytes = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("sylt-v23-utf16-words.mp3")))
    try #require(bytes[10..<14] == Data("SYLT".utf8))
    bytes[19] |= 0x80
    let path = try Paths.makeTemporaryDirectory().appendingPathComponent("packed.mp3").path
    try bytes.write(to: URL(fileURLWithPath: path))
    let (found, warnings) = candidates(path)
    #expect(found.isEmpty)
    #expect(warnings == ["\(path): ID3 tag: frame SYLT is compressed; skipped"])
  }

  @Test func aFrameSizePastTheTagIsSkippedAndTheFileStillPlays() throws {
    // The SYLT frame's syncsafe size (bytes 14-17 in ID3v2.4) made to run past the tag.
    var bytes = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("sylt-v24-utf8-lines.mp3")))
    let sylt = try #require(bytes.firstRange(of: Data("SYLT".utf8)))
    bytes.replaceSubrange(
      (sylt.upperBound)..<(sylt.upperBound + 4), with: [0x7F, 0x7F, 0x7F, 0x7F])
    let path = try Paths.makeTemporaryDirectory().appendingPathComponent("bad.mp3").path
    try bytes.write(to: URL(fileURLWithPath: path))
    let (found, warnings) = candidates(path)
    #expect(found.isEmpty)
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("frame SYLT") == true)
    #expect(warnings.first?.contains("runs past the end of the tag") == true)
    let decoder = try AudioDecoder(path: path)
    #expect(!decoder.read(maxFrames: 1024).isEmpty)
  }

  @Test func plainUSLTFromFFmpegIsUnchanged() throws {
    let path = try AudioFixtures.sine("plain.mp3", tags: ["lyrics": "[00:00.50]hello"])
    let (found, warnings) = candidates(path)
    #expect(found == [.text("[00:00.50]hello")])
    #expect(warnings.isEmpty)
  }
}

/// Warnings collected from the source, which may call from any thread.
private final class Warnings: Sendable {
  private let lines = Mutex<[String]>([])

  func append(_ line: String) { lines.withLock { $0.append(line) } }
  var all: [String] { lines.withLock { $0 } }
}
