import Clocks
import Foundation
import Locking
import SystemSupport
import TestSupport
import Testing

@testable import LyricsOnline

@Suite("library fetch")
struct LibraryFetchTests {
  let folder: TemporaryDirectory
  let cacheFolder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory()
    cacheFolder = try TemporaryDirectory()
  }

  /// 50 tracks: every third has synced lyrics on the server, every third plain, the rest
  /// nothing; track 7 already has an .lrc beside it.
  func library() throws -> (files: [String], tags: [String: AudioTags], records: String) {
    var files: [String] = []
    var tags: [String: AudioTags] = [:]
    var records: [[String: Any]] = []
    for number in 0..<50 {
      let path = try folder.write(String(format: "album/%02d.ogg", number), [0])
      files.append(path)
      tags[path] = AudioTags(
        title: "Track \(number)", artist: "Band", album: "Album",
        durationSeconds: 100 + Double(number))
      let lyrics = number % 3
      if lyrics < 2 {
        records.append([
          "id": 1000 + number, "trackName": "Track \(number)", "artistName": "Band",
          "albumName": "Album", "duration": 100 + number, "instrumental": false,
          "plainLyrics": "words \(number)\n",
          "syncedLyrics": lyrics == 0 ? "[00:01.00]words \(number)\n" : NSNull(),
        ])
      }
    }
    try folder.write("album/07.lrc", Array("[00:01.00]mine\n".utf8))
    let recordsPath = try folder.write(
      "records.json", try JSONSerialization.data(withJSONObject: records))
    return (files, tags, recordsPath)
  }

  func fetch(
    _ server: LRCLIBTestServer, tags: [String: AudioTags], options: LibraryFetch.Options = .init()
  ) throws -> LibraryFetch {
    let cache = LyricsCache(directory: cacheFolder.path, warn: { _ in })
    let client = try LRCLIBClient(baseURL: server.baseURL, userAgent: "test")
    let lookup = OnlineLookup(client: client, cache: cache, clock: SystemClock())
    return LibraryFetch(
      lookup: lookup, cache: cache, options: options,
      readTags: { path in
        guard let found = tags[path] else {
          throw AudioFileWalk.Unreadable(path: path, reason: "?")
        }
        return found
      },
      localLyrics: { path, _ in
        FileKind.at(BesideFile.lrcPath(besideAudio: path)) == .other ? "beside-audio" : nil
      })
  }

  @Test func aLibraryIsLookedUpAndAResumedRunAsksOnlyWhatTheCacheDoesNotKnow() throws {
    let (files, tags, records) = try library()
    let server = try LRCLIBTestServer(records: records)
    let walked = AudioFileWalk.files(in: [folder.appendingPathComponent("album").path])
    #expect(walked.files == files)

    // The first run is cut off after 20 tracks.
    let first = try fetch(server, tags: tags).run(
      Array(files.prefix(20)), each: { _, _ in }, progress: { _, _ in })
    #expect(first.total == 20)
    #expect(first.local == 1)
    let askedFirst = server.requests().count

    var order: [Int] = []
    var progressSeen: [Int] = []
    let second = try fetch(server, tags: tags).run(
      files, each: { index, _ in order.append(index) },
      progress: { done, _ in progressSeen.append(done) })
    #expect(order == Array(0..<50))
    #expect(progressSeen == Array(1...50))
    #expect(second.synced == 17 && second.plain == 16)
    #expect(second.notFound == 16)
    #expect(second.local == 1)
    #expect(second.failed == 0)
    #expect(second.fromCache == 19)
    // The 19 tracks of the first run asked nothing again: found ones one request each (get),
    // missing ones two (get, search), in both runs.
    let tracksAskedAgain = Set(
      server.requests().dropFirst(askedFirst).map { $0.query["track_name"] ?? "" })
    #expect(tracksAskedAgain.count == 30)
    #expect(tracksAskedAgain.isDisjoint(with: (0..<20).map { "Track \($0)" }))
  }

  @Test func saveBesideWritesTimedLyricsAndNeverOverwrites() throws {
    let (files, tags, records) = try library()
    let server = try LRCLIBTestServer(records: records)
    var items: [FetchItem] = []
    let fetch = try fetch(server, tags: tags, options: .init(saveBeside: true))
    _ = fetch.run(
      Array(files.prefix(4)), each: { _, item in items.append(item) }, progress: { _, _ in })
    #expect(items[0].saved == BesideFile.lrcPath(besideAudio: files[0]))
    #expect(
      try String(
        contentsOfFile: files[0].replacingOccurrences(of: ".ogg", with: ".lrc"), encoding: .utf8)
        == "[00:01.00]words 0\n")
    #expect(
      items[1].result == .plain && items[1].saved == nil && items[1].notSaved == "no timed lyrics")
    #expect(items[2].result == .notFound && items[2].saved == nil)
    // A second run finds track 0's lyrics beside it now.
    var again: [FetchItem] = []
    _ = fetch.run([files[0]], each: { _, item in again.append(item) }, progress: { _, _ in })
    #expect(again.first?.result == .local("beside-audio"))
  }

  @Test func theLRCIsNeverWrittenOverAnExistingFile() throws {
    let audio = try folder.write("x.ogg", [0])
    try folder.write("x.lrc", Array("keep me".utf8))
    #expect(throws: BesideFile.Refused.self) { try BesideFile.saveLRC("new", besideAudio: audio) }
    #expect(
      try String(contentsOfFile: folder.appendingPathComponent("x.lrc").path, encoding: .utf8)
        == "keep me")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(names.sorted() == ["x.lrc", "x.ogg"])
  }

  /// A file system without hard links (FAT, exFAT, some shares) refuses `link(2)` with EPERM:
  /// the name is then created exclusively and written in place, whole, and the temporary file
  /// goes.
  @Test func withoutHardLinksTheLRCIsWrittenInPlace() throws {
    let audio = try folder.write("y.ogg", [0])
    let linked = Mutex<[String]>([])
    let withoutLinks = SystemCallMock { call, path in
      guard call == .link else { return nil }
      linked.withLock { $0.append(path ?? "") }
      return .notPermitted
    }
    let saved = try withoutLinks.run {
      try BesideFile.saveLRC("[00:01.00]words\n", besideAudio: audio)
    }
    let target = folder.appendingPathComponent("y.lrc").path
    #expect(linked.withLock { $0 } == [target], "the link was not tried first")
    #expect(saved == target)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "[00:01.00]words\n")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(names.sorted() == ["y.lrc", "y.ogg"])
  }

  /// The same, when a file of that name appears between the check and the write: it is kept.
  @Test func withoutHardLinksAFileThatAppearedIsNotOverwritten() throws {
    let audio = try folder.write("z.ogg", [0])
    let target = folder.appendingPathComponent("z.lrc").path
    #expect {
      let theirsAppears = SystemCallMock { call, path in
        guard call == .link, let path else { return nil }
        _ = FileManager.default.createFile(atPath: path, contents: Data("theirs".utf8))
        return .notSupported
      }
      _ = try theirsAppears.run { try BesideFile.saveLRC("new", besideAudio: audio) }
    } throws: { ($0 as? BesideFile.Refused)?.exists == true }
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "theirs")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(names.sorted() == ["z.lrc", "z.ogg"])
  }

  @Test func dryRunAsksNoServerAndWritesNothing() throws {
    let (files, tags, records) = try library()
    let server = try LRCLIBTestServer(records: records)
    let summary = try fetch(server, tags: tags, options: .init(saveBeside: true, dryRun: true)).run(
      Array(files.prefix(10)), each: { _, _ in }, progress: { _, _ in })
    #expect(server.requests().isEmpty)
    #expect(summary.wouldAsk == 9 && summary.local == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).isEmpty)
  }

  @Test func theWalkReportsWhatItCannotRead() throws {
    try folder.write("a/song.MP3", [0])
    try folder.write("a/.hidden.mp3", [0])
    try folder.write("a/cover.jpg", [0])
    try folder.write("a/b/deeper.flac", [0])
    let walked = AudioFileWalk.files(in: [
      folder.appendingPathComponent("a").path + "/", "/nonexistent/x",
    ])
    #expect(
      walked.files.map { URL(fileURLWithPath: $0).lastPathComponent } == [
        "deeper.flac", "song.MP3",
      ])
    #expect(walked.unreadable.map(\.path) == ["/nonexistent/x"])
  }

  @Test func theBesideNameKeepsTheFolderAndDropsOneExtension() {
    #expect(BesideFile.lrcPath(besideAudio: "/m/a.b/song.flac") == "/m/a.b/song.lrc")
    #expect(BesideFile.lrcPath(besideAudio: "song.v2.mp3") == "song.v2.lrc")
    #expect(BesideFile.lrcPath(besideAudio: "/m/.hidden") == "/m/.hidden.lrc")
  }
}
