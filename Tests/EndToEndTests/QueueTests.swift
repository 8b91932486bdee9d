import Foundation
import TestSupport
import Testing

/// The queue as a person uses it: a folder or a playlist on the command line, shuffle and repeat
/// from the flags, the keys and MPRIS, and the queue resumed by a launch with no file.
@Suite(.timeLimit(.minutes(5)))
struct QueueTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  /// A tone of `seconds` at `name` in the folder, with `tags`; its path.
  @discardableResult
  func tone(_ name: String, seconds: Double = 0.3, _ tags: [String: String] = [:]) throws
    -> String
  {
    let path = folder.appendingPathComponent(name).path
    try FileManager.default.createDirectory(
      at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
    return try ToneFile.write(to: path, seconds: seconds, tags: tags)
  }

  /// `lyricpip play ARGS --no-window --audio null --events -`, run to its end.
  func play(_ arguments: [String]) throws -> (result: ProcessResult, tracks: [String]) {
    let result = try ProcessRunner.run(
      Paths.lyricpipBinary,
      ["play"] + arguments + ["--no-window", "--audio", "null", "--offline", "--events", "-"],
      environment: [
        "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
        "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
        "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
      ], timeout: 60)
    let tracks = result.stdout.split(separator: "\n").compactMap { line -> String? in
      guard
        let event = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        event["event"] as? String == "ready"
      else { return nil }
      return (event["track"] as? String).map { String($0.dropFirst(folder.path.count + 1)) }
    }
    return (result, tracks)
  }

  @Test func aFolderPlaysInAlbumOrder() throws {
    try tone("Album/2 - second.ogg", ["track": "2"])
    try tone("Album/10 - first.ogg", ["track": "1"])
    try tone("Album/untagged 10.flac")
    try tone("Album/untagged 9.flac")
    try folder.write("Album/cover.jpg", "not audio")
    let (result, tracks) = try play([folder.appendingPathComponent("Album").path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      tracks == [
        "Album/10 - first.ogg", "Album/2 - second.ogg", "Album/untagged 9.flac",
        "Album/untagged 10.flac",
      ], "\(result.stderr)")
  }

  @Test func aPlaylistSkipsAMissingEntryAndSaysWhich() throws {
    try tone("music/a.ogg")
    try tone("music/b c.ogg")
    let list = try folder.write(
      "lists/mix.m3u8",
      "#EXTM3U\n../music/b c.ogg\nnot-here.ogg\nfile://\(folder.path)/music/a.ogg\n")
    let (result, tracks) = try play([list])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(tracks == ["lists/../music/b c.ogg", "music/a.ogg"], "\(result.stdout)")
    #expect(result.stderr.contains("warning: \(list):3: skipped not-here.ogg (no such file)"))
  }

  @Test func anEmptyFolderIsExit2() throws {
    try folder.write("empty/readme.txt", "x")
    let (result, _) = try play([folder.appendingPathComponent("empty").path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("no audio files in"), "\(result.stderr)")
  }

  @Test func shufflePlaysEveryTrackOnceInSomeOrder() throws {
    let names = (1...8).map { "s/\($0).ogg" }
    for (index, name) in names.enumerated() { try tone(name, ["track": "\(index + 1)"]) }
    let (result, tracks) = try play([folder.appendingPathComponent("s").path, "--shuffle"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(tracks.sorted() == names.sorted(), "\(tracks)")
    // The same as the album order once in 8! runs.
    #expect(tracks != names, "\(tracks)")
    #expect(result.stdout.contains(#""event":"order","shuffle":true"#), "\(result.stdout)")
  }

  @Test func aBadRepeatIsExit64() throws {
    let (result, _) = try play(["--repeat", "sometimes"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--repeat must be none, track or all, not 'sometimes'"))
  }
}
