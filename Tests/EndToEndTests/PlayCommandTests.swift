import Foundation
import TestSupport
import Testing

/// `lyricpip play` as a user runs it: exit statuses, messages, and the events it writes.
@Suite(.tags(.sanitized), .timeLimit(.minutes(5))) struct PlayCommandTests {
  func play(_ arguments: [String], environment: [String: String]? = nil) throws -> ProcessResult {
    let result = try ProcessRunner.run(
      Paths.lyricpipBinary, ["play"] + arguments, environment: environment, timeout: 60)
    #expect(!result.endedBySignal, "lyricpip crashed: \(result.stderr)")
    return result
  }

  func tone(_ name: String, seconds: Double = 1) throws -> String {
    let path = try Paths.makeTemporaryDirectory().appendingPathComponent(name).path
    try ToneFile.write(to: path, seconds: seconds)
    return path
  }

  @Test func missingFileIsExit2() throws {
    let result = try play(["/nonexistent/song.mp3", "--no-window", "--audio", "null"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("/nonexistent/song.mp3"))
  }

  @Test func textFileNamedMP3IsExit2() throws {
    let path = try Paths.makeTemporaryDirectory().appendingPathComponent("song.mp3").path
    try Data("not audio at all\n".utf8).write(to: URL(fileURLWithPath: path))
    let result = try play([path, "--no-window", "--audio", "null"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("song.mp3"))
  }

  @Test func fileWithNoAudioStreamIsExit2() throws {
    let path = try Paths.makeTemporaryDirectory().appendingPathComponent("picture.mkv").path
    _ = try ProcessRunner.run(
      "ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=red:s=16x16:d=1", path])
    let result = try play([path, "--no-window", "--audio", "null"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("no audio stream"))
  }

  /// A folder plays its audio files; one with none is exit 2, saying so.
  @Test func aFolderWithoutAudioIsExit2() throws {
    let folder = try Paths.makeTemporaryDirectory()
    try Data("not audio".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    let result = try play([folder.path, "--no-window", "--audio", "null"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("no audio files in \(folder.path)"), "\(result.stderr)")
  }

  @Test(arguments: [
    ["--audio", "speakers"], ["--offset", "soon"], ["--start", "-3"], ["--bogus"], ["--events"],
  ])
  func badUsageIsExit64(_ flags: [String]) throws {
    let path = try tone("a.wav")
    let result = try play([path, "--no-window"] + flags)
    #expect(result.status == 64)
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  /// `--audio alsa` with no device that opens is exit 69 with a hint. (No PulseAudio server is
  /// not an error: the player waits for one, see `SoundServerLaterTests`.)
  @Test func noALSADeviceIsExit69WithAHint() throws {
    let path = try tone("a.wav")
    let none = try play(
      [path, "--no-window", "--audio", "alsa"],
      environment: ["LYRICPIP_ALSA_DEVICE": "no-such-device"])
    #expect(none.status == 69)
    #expect(none.stderr.contains("--audio null"))
  }

  @Test func eventsFollowTheLyricsAndTheTrackEnds() throws {
    let path = try tone("song.wav", seconds: 1.5)
    let lrc = URL(fileURLWithPath: path).deletingPathExtension().appendingPathExtension("lrc")
    try Data("[00:00.40]first\n[00:00.90]<00:00.90>second <00:01.10>line\n".utf8).write(to: lrc)
    let result = try play([path, "--no-window", "--audio", "null", "--events", "-"])
    #expect(result.status == 0, "\(result.stderr)")
    let events = result.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(events.first?["event"] as? String == "ready")
    #expect(events.first?["lines"] as? Int == 2)
    #expect(events.first?["output"] as? String == "null")
    let lines = events.filter { $0["event"] as? String == "line" }
    #expect(lines.map { $0["index"] as? Int } == [0, 1])
    #expect(lines.map { $0["text"] as? String } == ["first", "second line"])
    for line in lines {
      let ms = try #require(line["ms"] as? Int)
      let heard = try #require(line["posMs"] as? Int)
      // Shown when heard: never early, and (even on a loaded machine) not a beat late.
      #expect(heard >= ms && heard < ms + 100, "line at \(ms) shown at \(heard)")
      #expect(line["mono"] is Double)
    }
    let words = events.filter { $0["event"] as? String == "word" }
    #expect(words.map { $0["word"] as? Int } == [0, 1])
    #expect(events.last?["event"] as? String == "state")
    #expect(events.last?["state"] as? String == "ended")
  }

  @Test func truncatedFilePlaysWhatItCanAndEndsNormally() throws {
    let path = try tone("long.ogg", seconds: 4)
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let cut = URL(fileURLWithPath: path).deletingLastPathComponent()
      .appendingPathComponent("cut.ogg")
    try data.prefix(data.count * 6 / 10).write(to: cut)
    let result = try play([cut.path, "--no-window", "--audio", "null", "--events", "-"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"state\":\"ended\""))
  }

  @Test func startAndOffsetFlagsApply() throws {
    let path = try tone("song.wav", seconds: 2)
    let lrc = URL(fileURLWithPath: path).deletingLastPathComponent()
      .appendingPathComponent("other.lrc")
    try Data("[00:01.00]one\n[00:01.80]two\n".utf8).write(to: lrc)
    let result = try play([
      path, "--lyrics", lrc.path, "--no-window", "--audio", "null", "--events", "-", "--start",
      "1.2", "--offset", "+300",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("{\"event\":\"seek\",\"posMs\":1200}"))
    let lines = result.stdout.split(separator: "\n").filter { $0.contains("\"line\"") }.compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    // At 1.2 s with lyrics 300 ms sooner, line 0 is up at once; line 1 comes at heard 1.5 s.
    #expect(lines.map { $0["index"] as? Int } == [0, 1])
    #expect(lines.first?["posMs"] as? Int == 1200)
    let second = try #require(lines.last?["posMs"] as? Int)
    #expect(second >= 1500 && second < 1600, "line 1 shown at \(second)")
  }
}
