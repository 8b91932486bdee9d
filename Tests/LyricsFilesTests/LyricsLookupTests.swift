import Foundation
import LyricsCore
import PlayerContract
import TestSupport
import Testing

@testable import LyricsFiles

/// `LyricsLookup`: the files beside the audio, read in any format, and where they came from.
@Suite("Lyrics lookup: reading what is found")
struct LyricsLookupTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  /// QQ Music's encrypted QRC fixtures (LyricsContainersTests makes and checks them): the
  /// desktop client's binary local file and the servers' hex form, both of `song.qrc.xml`.
  static let encryptedQRC = Paths.packageRoot.appendingPathComponent(
    "Tests/LyricsContainersTests/Fixtures")

  var audio: String { folder.appendingPathComponent("album/Song.flac").path }

  /// The lookup without embedded tags or lyrics folders, and what it warned about.
  func lookUp() throws -> (Lyrics, LyricsLookup.Origin, [String]) {
    let warnings = Warnings()
    let lookup = LyricsLookup(readTags: { _ in nil }, warn: { warnings.append($0) })
    let locator = LyricsLocator.standard(environment: [:], bundledLyrics: nil)
    let (lyrics, origin) = try lookup.lyrics(
      for: TrackInfo(path: audio), explicitPath: nil, locator: locator)
    return (lyrics, origin, warnings.all)
  }

  @Test("beside the audio: the .lrc, then the .qrc, then the .txt")
  func besideOrder() throws {
    let text = try folder.write("album/song.txt", "words\n")
    let qrc = try folder.write("album/SONG.QRC", "[1000,500]a(1000,500)\n")
    let lrc = try folder.write("album/Song.lrc", "[00:01.00]a\n")
    let found = BesideAudioSource().candidates(for: TrackIdentity(audioPath: audio))
    #expect(found.map(\.path) == [lrc, qrc, text])
    #expect(found.allSatisfy { $0.kind == .besideAudio })
  }

  @Test(
    "an encrypted QRC beside the audio is found and read",
    arguments: ["song.local.qrc", "song.qrc.hex"])
  func encryptedQRCBeside(fixture: String) throws {
    let bytes = try Data(contentsOf: Self.encryptedQRC.appendingPathComponent(fixture))
    let path = try folder.write("album/Song.qrc", bytes)
    let (lyrics, origin, warnings) = try lookUp()
    #expect(lyrics.lines.map(\.text) == ["Hold the line", "Lighthouse calls", "夜の海"])
    #expect(lyrics.lines.first?.ms == 1_000)
    #expect(origin == .file(path, kind: .besideAudio))
    #expect(origin.sourceName == "beside the file")
    #expect(warnings.isEmpty, "\(warnings)")
  }

  @Test("a timed .qrc beside the audio wins over the untimed .txt")
  func qrcBeforeText() throws {
    try folder.write("album/Song.txt", "untimed words\n")
    let bytes = try Data(contentsOf: Self.encryptedQRC.appendingPathComponent("song.local.qrc"))
    let path = try folder.write("album/Song.qrc", bytes)
    let (lyrics, origin, _) = try lookUp()
    #expect(!lyrics.isUntimed && lyrics.lines.count == 3)
    #expect(origin == .file(path, kind: .besideAudio))
  }

  @Test("a file from a lyrics folder is named as one; a --lyrics file as itself")
  func originNames() throws {
    let home = folder.appendingPathComponent("home").path
    let inFolder = try folder.write("home/.lyrics/Song.lrc", "[00:01.00]from the folder\n")
    let lookup = LyricsLookup(readTags: { _ in nil }, warn: { _ in })
    let locator = LyricsLocator.standard(environment: ["HOME": home], bundledLyrics: nil)
    let (_, origin) = try lookup.lyrics(
      for: TrackInfo(path: audio), explicitPath: nil, locator: locator)
    #expect(origin == .file(inFolder, kind: .folder(.home)))
    #expect(origin.sourceName == "lyrics folder")
    let (_, given) = try lookup.lyrics(
      for: TrackInfo(path: audio), explicitPath: inFolder, locator: locator)
    #expect(given.sourceName == "--lyrics file")
  }
}

/// Warnings collected from any thread (NSLock: the lookup may warn from the thread it runs on).
private final class Warnings: @unchecked Sendable {
  private let lock = NSLock()
  private var collected: [String] = []

  func append(_ warning: String) { lock.withLock { collected.append(warning) } }
  var all: [String] { lock.withLock { collected } }
}
