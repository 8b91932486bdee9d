import Foundation
import SystemSupport
import TestSupport
import Testing

@testable import LyricsCore
@testable import LyricsFiles

@Suite("Lyrics lookup")
struct LyricsLocatorTests {
  let directory: TemporaryDirectory
  var root: URL { directory.url }
  let music: URL
  let home: URL
  let bundled: URL

  init() throws {
    directory = try TemporaryDirectory()
    let root = directory.url
    music = root.appendingPathComponent("music")
    home = root.appendingPathComponent("home")
    bundled = root.appendingPathComponent("program/Lyrics")
    for folder in [music, home.appendingPathComponent(".lyrics"), bundled] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
  }

  @discardableResult
  func touch(_ url: URL) throws -> String {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("[00:01.00]x".utf8).write(to: url)
    return url.path
  }

  func locator(xdg: String? = nil) -> LyricsLocator {
    var environment = ["HOME": home.path]
    environment["XDG_DATA_HOME"] = xdg
    return LyricsLocator.standard(environment: environment, bundledLyrics: bundled)
  }

  var track: TrackIdentity {
    TrackIdentity(
      audioPath: music.appendingPathComponent("Song.MP3").path, artist: "Band", title: "Tune")
  }

  @Test("every place is found, in the documented order")
  func order() throws {
    let beside = try touch(music.appendingPathComponent("song.lrc"))
    let homeBoth = try touch(home.appendingPathComponent(".lyrics/Band - Tune.lrc"))
    let homeTitle = try touch(home.appendingPathComponent(".lyrics/Tune.lrc"))
    let xdg = try touch(home.appendingPathComponent(".local/share/lyricpip/lyrics/TUNE.LRC"))
    let program = try touch(bundled.appendingPathComponent("band - tune.lrc"))
    let found = locator().candidates(for: track)
    #expect(found.map(\.path) == [beside, homeBoth, homeTitle, xdg, program])
    #expect(found.first?.source == "beside-audio")
    #expect(locator().first(for: track) { $0.path } == beside)
  }

  @Test("the beside-the-file match ignores case and prefers the exact name")
  func besideIgnoresCase() throws {
    let upper = try touch(music.appendingPathComponent("SONG.LRC"))
    let exact = try touch(music.appendingPathComponent("Song.lrc"))
    try touch(music.appendingPathComponent("Songs.lrc"))
    try touch(music.appendingPathComponent("Songs.txt"))
    #expect(BesideAudioSource().candidates(for: track).map(\.path) == [exact, upper])
  }

  @Test("a .txt of the same base name beside the file comes after the .lrc names")
  func besideText() throws {
    let text = try touch(music.appendingPathComponent("song.TXT"))
    #expect(BesideAudioSource().candidates(for: track).map(\.path) == [text])
    let lrc = try touch(music.appendingPathComponent("Song.lrc"))
    #expect(BesideAudioSource().candidates(for: track).map(\.path) == [lrc, text])
    #expect(locator().candidates(for: track).map(\.path) == [lrc, text])
  }

  @Test("XDG_DATA_HOME replaces ~/.local/share when set")
  func xdgDataHome() throws {
    let custom = root.appendingPathComponent("data")
    let inCustom = try touch(custom.appendingPathComponent("lyricpip/lyrics/Tune.lrc"))
    try touch(home.appendingPathComponent(".local/share/lyricpip/lyrics/Tune.lrc"))
    #expect(locator(xdg: custom.path).candidates(for: track).map(\.path) == [inCustom])
  }

  @Test("without a title, the audio file's base name is the title; a directory is no file")
  func noTags() throws {
    let plain = TrackIdentity(audioPath: music.appendingPathComponent("Other.ogg").path)
    let byName = try touch(home.appendingPathComponent(".lyrics/other.lrc"))
    try FileManager.default.createDirectory(
      at: bundled.appendingPathComponent("Other.lrc"), withIntermediateDirectories: true)
    #expect(locator().candidates(for: plain).map(\.path) == [byName])
  }

  @Test("nothing found gives no candidate")
  func nothing() {
    #expect(locator().candidates(for: track).isEmpty)
    #expect(locator().first(for: track) { $0 } == nil)
  }

  struct Embedded: LyricsSource {
    let kind = LyricsSourceKind.embedded
    func candidates(for track: TrackIdentity) -> [LyricsCandidate] {
      [LyricsCandidate(content: .text("[00:01.00]from tags"), kind: kind)]
    }
  }

  @Test("a source can be inserted after the beside-the-file one")
  func extensible() throws {
    let beside = try touch(music.appendingPathComponent("Song.lrc"))
    let homeTitle = try touch(home.appendingPathComponent(".lyrics/Tune.lrc"))
    var locator = locator()
    locator.insert(Embedded())
    let found = locator.candidates(for: track)
    #expect(
      found.map(\.content) == [
        .file(path: beside), .text("[00:01.00]from tags"), .file(path: homeTitle),
      ])
  }

  /// A source that counts how often it is asked (a costly one, like the embedded source).
  final class CountingSource: LyricsSource, @unchecked Sendable {
    let kind = LyricsSourceKind.embedded
    var asked = 0
    func candidates(for track: TrackIdentity) -> [LyricsCandidate] {
      asked += 1
      return [LyricsCandidate(content: .text("[00:01.00]late"), kind: kind)]
    }
  }

  @Test("a later source is not asked when an earlier candidate is taken")
  func lazyFirst() throws {
    let beside = try touch(music.appendingPathComponent("Song.lrc"))
    let counting = CountingSource()
    var locator = locator()
    locator.insert(counting)
    let taken = locator.first(for: track) { $0.path }
    #expect(taken == beside)
    #expect(counting.asked == 0)
    // Refusing the file moves on to the next source, which is asked once.
    let next = locator.first(for: track) { $0.path == nil ? $0.content : nil }
    #expect(next == .text("[00:01.00]late"))
    #expect(counting.asked == 1)
  }

  @Test("the program's Lyrics folder is found walking up from the executable")
  func bundledDirectory() throws {
    let executable = root.appendingPathComponent("program/.build/release/lyricpip")
    try touch(executable)
    let layout = InstallLayout(executable: executable.path)
    #expect(
      layout.find("Lyrics", kind: .directory)
        == bundled.resolvingSymlinksInPath().standardizedFileURL.path)
  }
}

extension LyricsLocator {
  /// Every candidate, best first, without duplicates: what the lookup order tests look at.
  /// (Taking none of them walks them all.)
  fileprivate func candidates(for track: TrackIdentity) -> [LyricsCandidate] {
    var result: [LyricsCandidate] = []
    _ = first(for: track) { candidate -> Never? in
      result.append(candidate)
      return nil
    }
    return result
  }
}
