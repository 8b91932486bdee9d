import Foundation
import TestSupport
import Testing

/// A short tone with lyrics beside it (found as `play` finds them), and the `lyricpip` commands
/// that talk to a running player over a test's private bus.
enum LyricsBusFixtures {
  /// `tone.flac` (`seconds` long) and `tone.lrc` with a line every 0.6 s from 1.5 s.
  static func toneWithLyrics(_ folder: URL, seconds: Int = 5) throws -> String {
    let audio = folder.appendingPathComponent("tone.flac").path
    try ToneFile.write(to: audio, seconds: Double(seconds))
    let lyrics = "[00:01.50]one\n[00:02.10]two\n[00:02.70]three\n[00:03.30]four\n"
    try Data(lyrics.utf8).write(to: folder.appendingPathComponent("tone.lrc"))
    return audio
  }

  /// Runs `lyricpip ARGUMENTS` to its end against `bus`.
  static func lyricpip(_ arguments: [String], bus: PrivateBus) throws -> ProcessResult {
    try ProcessRunner.run(
      Paths.lyricpipBinary, arguments, environment: bus.environment, timeout: 30)
  }

  /// The `line` events' indices, in order.
  static func lineIndices(_ player: PlayProcess) -> [Int] {
    player.events().filter { $0["event"] as? String == "line" }.compactMap { $0["index"] as? Int }
  }
}
