import Foundation
import TestSupport
import Testing

/// `lyricpip play` on MP3 files with ID3 `SYLT` lyrics (tags written by mutagen; see
/// scripts/make-sylt-fixtures): the synced lines are shown at their own times.
@Suite(.timeLimit(.minutes(5))) struct PlaySyncedLyricsTests {
  /// A copy of a Playback fixture alone in a fresh directory, so no `.lrc` sits beside it.
  func fixtureCopy(_ name: String) throws -> String {
    let source = Paths.packageRoot.appendingPathComponent("Tests/PlaybackTests/Fixtures/\(name)")
    let target = try Paths.makeTemporaryDirectory().appendingPathComponent(name)
    try FileManager.default.copyItem(at: source, to: target)
    return target.path
  }

  func events(playing path: String) throws -> (events: [[String: Any]], stderr: String) {
    let result = try ProcessRunner.run(
      Paths.lyricpipBinary, ["play", path, "--no-window", "--audio", "null", "--events", "-"],
      timeout: 60)
    #expect(!result.endedBySignal, "lyricpip crashed: \(result.stderr)")
    #expect(result.status == 0, "\(result.stderr)")
    let events = result.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    return (events, result.stderr)
  }

  /// Each `line` event shown when heard: never early, and not a beat late.
  func expectShownOnTime(_ lines: [[String: Any]]) throws {
    for line in lines {
      let ms = try #require(line["ms"] as? Int)
      let heard = try #require(line["posMs"] as? Int)
      #expect(heard >= ms && heard < ms + 100, "line at \(ms) shown at \(heard)")
    }
  }

  @Test func syncedLinesPlayAtTheirMilliseconds() throws {
    let (events, _) = try events(playing: try fixtureCopy("sylt-v24-utf8-lines.mp3"))
    #expect(events.first?["event"] as? String == "ready")
    #expect(events.first?["lines"] as? Int == 3)
    let lines = events.filter { $0["event"] as? String == "line" }
    #expect(lines.map { $0["ms"] as? Int } == [250, 505, 757])
    #expect(
      lines.map { $0["text"] as? String } == ["First line", "Second line", "Unicode 歌词 ünï"])
    try expectShownOnTime(lines)
    #expect(events.last?["state"] as? String == "ended")
  }

  @Test func syncedWordsLightUpAsWords() throws {
    let (events, _) = try events(playing: try fixtureCopy("sylt-v23-utf16-words.mp3"))
    let lines = events.filter { $0["event"] as? String == "line" }
    #expect(lines.map { $0["ms"] as? Int } == [100, 600])
    #expect(lines.map { $0["text"] as? String } == ["Hello wörld", "second line"])
    try expectShownOnTime(lines)
    let words = events.filter { $0["event"] as? String == "word" }
    #expect(words.map { $0["index"] as? Int } == [0, 0, 0, 1, 1])
    #expect(words.map { $0["word"] as? Int } == [0, 1, 2, 0, 1])
  }

  @Test func syncedLyricsWinOverUnsyncedText() throws {
    let (events, _) = try events(playing: try fixtureCopy("sylt-and-uslt.mp3"))
    let lines = events.filter { $0["event"] as? String == "line" }
    #expect(lines.map { $0["text"] as? String } == ["timed one", "timed two"])
    #expect(lines.map { $0["ms"] as? Int } == [261, 784])
  }

  @Test func aDamagedTagIsReportedAndTheSongStillPlays() throws {
    let path = try fixtureCopy("sylt-v23-utf16-words.mp3")
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    // ID3v2.3 SYLT frame at byte 10: its flags' second byte, at 19, marked "encrypted".
    try #require(bytes[10..<14] == Data("SYLT".utf8))
    bytes[19] |= 0x40
    try bytes.write(to: URL(fileURLWithPath: path))
    let (events, stderr) = try events(playing: path)
    #expect(events.first?["lines"] as? Int == 0)
    #expect(events.last?["state"] as? String == "ended")
    #expect(stderr.contains("ID3 tag: frame SYLT is encrypted; skipped"), "\(stderr)")
  }
}
