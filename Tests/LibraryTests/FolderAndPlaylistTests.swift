import Foundation
import Library
import Playback
import SystemSupport
import TestSupport
import Testing

/// Folders and playlists as `play` reads them, on files made by FFmpeg with real tags.
@Suite struct FolderAndPlaylistTests {
  let folder: TemporaryDirectory
  /// The walk the app uses: disc and track from the header tags.
  let sources = QueueSources(
    walk: FolderWalk { path in
      let tags = HeaderTags.read(path)
      return AlbumPosition(discTag: tags["disc"], trackTag: tags["track"])
    })

  init() throws { folder = try TemporaryDirectory() }

  /// A 0.2 s tone at `name` in the folder, with `tags`; its path.
  @discardableResult
  func track(_ name: String, _ tags: [String: String] = [:]) throws -> String {
    let path = folder.appendingPathComponent(name).path
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    var arguments = ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=duration=0.2"]
    for (key, value) in tags.sorted(by: { $0.key < $1.key }) {
      arguments += ["-metadata", "\(key)=\(value)"]
    }
    let result = try ProcessRunner.run("ffmpeg", arguments + [path])
    try #require(result.status == 0, "ffmpeg: \(result.stderr)")
    return path
  }

  func names(_ entries: [QueueSources.Entry]) -> [String] {
    entries.map { String($0.path.dropFirst(folder.path.count + 1)) }
  }

  /// The queue view's lengths: FFmpeg's header-only open gives none for FLAC, Ogg or WAV, so the
  /// reader reads the streams for it.
  @Test(arguments: ["a.flac", "a.ogg", "a.wav"])
  func theQueueViewsReaderFindsEachLength(_ name: String) throws {
    let path = try track(name, ["title": "Tone"])
    let peeked = try #require(HeaderTags.peekWithLength(path))
    #expect(peeked.tags["title"] == "Tone")
    let milliseconds = try #require(peeked.durationNanos) / 1_000_000
    #expect((150...260).contains(milliseconds), "\(name): \(milliseconds) ms")
  }

  @Test func aFolderPlaysInAlbumOrder() throws {
    try track("Album/b.ogg", ["disc": "1", "track": "2"])
    try track("Album/a.ogg", ["disc": "1", "track": "10"])
    try track("Album/c.mp3", ["disc": "2/2", "track": "1/12"])
    try track("Album/untagged 10.flac")
    try track("Album/untagged 2.flac")
    try track("Album/.hidden.ogg")
    try folder.write("Album/cover.jpg", "not audio")
    try folder.write("Album/notes.txt", "not audio")
    try track("Album/CD 10/x.ogg")
    try track("Album/CD 2/y.ogg")
    var warnings: [String] = []
    let entries = try sources.entries(for: [folder.appendingPathComponent("Album").path]) {
      warnings.append($0)
    }
    #expect(
      names(entries) == [
        "Album/b.ogg", "Album/a.ogg", "Album/c.mp3", "Album/untagged 2.flac",
        "Album/untagged 10.flac", "Album/CD 2/y.ogg", "Album/CD 10/x.ogg",
      ])
    #expect(entries.allSatisfy { !$0.isGiven })
    #expect(warnings.isEmpty)
  }

  @Test func aFolderWithNoAudioIsAnError() throws {
    try folder.write("empty/notes.txt", "x")
    #expect(throws: QueueSources.Unplayable.self) {
      try sources.entries(for: [folder.appendingPathComponent("empty").path]) { _ in }
    }
  }

  @Test func aFolderLinkedIntoItselfIsWalkedOnce() throws {
    try track("loop/a.ogg")
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("loop/again").path,
      withDestinationPath: folder.appendingPathComponent("loop").path)
    let entries = try sources.entries(for: [folder.appendingPathComponent("loop").path]) { _ in }
    #expect(names(entries) == ["loop/a.ogg"])
  }

  @Test(arguments: ["list.m3u", "list.m3u8", "list.pls", "list.xspf"])
  func everyPlaylistKind(name: String) throws {
    let one = try track("music/one.ogg")
    try track("music/two words.ogg")
    try track("lists/sub/three.ogg")
    let missing = "gone.ogg"
    let text: String
    switch name {
    case "list.pls":
      text = """
        [playlist]
        File1=\(one)
        File2=../music/two words.ogg
        File3=\(missing)
        File4=file://\(folder.path)/lists/sub/three.ogg
        NumberOfEntries=4
        """
    case "list.xspf":
      text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <playlist version="1" xmlns="http://xspf.org/ns/0/"><trackList>
        <track><location>file://\(one)</location></track>
        <track><location>../music/two%20words.ogg</location></track>
        <track><location>\(missing)</location></track>
        <track><location>sub/three.ogg</location></track>
        </trackList></playlist>
        """
    default:
      text = """
        #EXTM3U
        #EXTINF:1,One
        \(one)
        ../music/two words.ogg
        \(missing)
        file://\(folder.path)/lists/sub/three.ogg
        """
    }
    let playlist = try folder.write("lists/\(name)", text)
    var warnings: [String] = []
    let entries = try sources.entries(for: [playlist]) { warnings.append($0) }
    #expect(
      entries.map { $0.path.replacingOccurrences(of: "/lists/../", with: "/") }
        == [one, "\(folder.path)/music/two words.ogg", "\(folder.path)/lists/sub/three.ogg"])
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("gone.ogg") == true)
    #expect(warnings.first?.contains(playlist) == true)
  }

  @Test func aPlaylistEntryMayBeAFolderOrAnotherPlaylist() throws {
    try track("album/1.ogg", ["track": "1"])
    try track("album/2.ogg", ["track": "2"])
    let inner = try folder.write("inner.m3u", "album/2.ogg\n")
    let outer = try folder.write("outer.m3u", "album\n\(inner)\nouter.m3u\n")
    var warnings: [String] = []
    let entries = try sources.entries(for: [outer]) { warnings.append($0) }
    // outer → album (1, 2), inner (2), outer again → … until the depth limit, then a warning.
    #expect(Array(names(entries).prefix(3)) == ["album/1.ogg", "album/2.ogg", "album/2.ogg"])
    #expect(warnings.contains { $0.contains("nested too deep") })
  }

  @Test func givenFilesPassAsTheyAre() throws {
    let file = try track("x.ogg")
    let entries = try sources.entries(for: [file, "/no/such.mp3"]) { _ in }
    #expect(entries.map(\.path) == [file, "/no/such.mp3"])
    #expect(entries.allSatisfy { $0.isGiven })
  }
}
