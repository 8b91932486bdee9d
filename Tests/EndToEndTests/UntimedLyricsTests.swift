import Foundation
import TestSupport
import Testing

/// `lyricpip play` with lyrics that have no time stamps beside the track (a `.txt`, an LRC of
/// tags and lines): shown as untimed lyrics, as LRCLIB's plain lyrics are, never as nothing.
@Suite(.timeLimit(.minutes(5)))
struct UntimedLyricsTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  static let words = "[ti:Quiet Song]\nfirst line\nsecond line\n\nthird line\n"

  /// A short tone at `name` in the folder; its path.
  @discardableResult
  func tone(_ name: String) throws -> String {
    let path = folder.appendingPathComponent(name).path
    try FileManager.default.createDirectory(
      at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
    try ToneFile.write(to: path, seconds: 0.4)
    return path
  }

  /// `lyricpip play ARGS --no-window --audio null --offline`, run to its end: the result, and
  /// with `events` (`--events -`, which takes stdout) the events, else the terminal's lines.
  func play(_ arguments: [String], events withEvents: Bool) throws
    -> (result: ProcessResult, events: [[String: Any]], printed: [String])
  {
    let result = try ProcessRunner.run(
      Paths.lyricpipBinary,
      ["play"] + arguments + ["--no-window", "--audio", "null", "--offline"]
        + (withEvents ? ["--events", "-"] : []),
      environment: [
        "HOME": folder.appendingPathComponent("home").path,
        "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
        "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
        "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
        "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
      ], timeout: 60)
    #expect(!result.endedBySignal, "lyricpip crashed: \(result.stderr)")
    var events: [[String: Any]] = []
    var printed: [String] = []
    for line in result.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
      if let event = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] {
        events.append(event)
      } else {
        printed.append(String(line))
      }
    }
    return (result, events, printed)
  }

  @Test func aTextFileBesideTheTrackIsPrintedAsUntimedLyrics() throws {
    let track = try tone("album/Song.ogg")
    try folder.write("album/song.txt", Self.words)
    let (result, events, _) = try play([track], events: true)
    #expect(result.status == 0, "\(result.stderr)")
    let ready = try #require(events.first { $0["event"] as? String == "ready" })
    #expect(ready["lines"] as? Int == 0)
    let printed = try play([track], events: false).printed
    let header = try #require(
      printed.firstIndex(of: "untimed lyrics (no time stamps):"), "\(printed)")
    #expect(
      Array(printed[(header + 1)...].prefix(4))
        == ["first line", "second line", "", "third line"], "\(result.stdout)")
    #expect(!result.stderr.contains("no lyrics found"), "\(result.stderr)")
  }

  /// A later track of a folder has its lyrics looked up when it comes up: the answer is the
  /// `plain` lyrics status, as for LRCLIB's plain lyrics, with where they came from.
  @Test func aLaterTrackOfAFolderSaysPlainInItsLyricsStatus() throws {
    try tone("album/1 first.ogg")
    try tone("album/2 second.ogg")
    try folder.write("album/2 second.lrc", Self.words)
    let album = folder.appendingPathComponent("album").path
    let (result, events, _) = try play([album], events: true)
    #expect(result.status == 0, "\(result.stderr)")
    let statuses = events.filter { $0["event"] as? String == "lyrics-status" }
    let plain = try #require(
      statuses.first { $0["state"] as? String == "plain" }, "\(result.stdout)")
    #expect(plain["source"] as? String == "beside the file")
    let printed = try play([album], events: false).printed
    #expect(printed.contains("untimed lyrics (no time stamps):"), "\(printed)")
  }

  /// Timed lyrics found later in the lookup's order win over untimed text found first.
  @Test func timedLyricsInALyricsFolderBeatAnUntimedFileBesideTheTrack() throws {
    let track = try tone("album/Song.ogg")
    try folder.write("album/Song.lrc", Self.words)
    try folder.write("home/.lyrics/Song.lrc", "[00:00.10]timed one\n[00:00.20]timed two\n")
    let (result, events, _) = try play([track], events: true)
    #expect(result.status == 0, "\(result.stderr)")
    let ready = try #require(events.first { $0["event"] as? String == "ready" })
    #expect(ready["lines"] as? Int == 2, "\(result.stdout)")
    let printed = try play([track], events: false).printed
    #expect(printed.contains("timed one"), "\(printed)")
    #expect(!printed.contains("untimed lyrics (no time stamps):"))
  }
}
