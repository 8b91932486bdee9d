import Foundation
import TestSupport
import Testing

/// `play --events` with a bilingual LRC beside the audio: the `line` event of a line with a
/// translation carries it after `text`; a line without one has no `translation` key at all.
@Suite(.timeLimit(.minutes(5))) struct TranslationEventsTests {
  @Test func aTranslatedLineSaysItsTranslationAnUntranslatedOneIsAsBefore() throws {
    let folder = try Paths.makeTemporaryDirectory()
    let audio = folder.appendingPathComponent("song.ogg").path
    try ToneFile.write(to: audio, seconds: 1.5)
    try """
    [00:00.30]月光照在河面上
    [00:00.30]Moonlight on the river
    [00:00.80]No translation here

    """.write(
      to: folder.appendingPathComponent("song.lrc"), atomically: true, encoding: .utf8)
    let result = try ProcessRunner.run(
      Paths.lyricpipBinary, ["play", audio, "--no-window", "--audio", "null", "--events", "-"],
      timeout: 60)
    #expect(!result.endedBySignal, "lyricpip crashed: \(result.stderr)")
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").filter { $0.contains(#""event":"line""#) }
    #expect(lines.count == 2, "\(result.stdout)")
    guard lines.count == 2 else { return }
    #expect(
      lines[0].contains(
        #""text":"月光照在河面上","translation":"Moonlight on the river","mono":"#),
      "\(lines[0])")
    #expect(lines[1].contains(#""text":"No translation here","mono":"#), "\(lines[1])")
    #expect(!lines[1].contains(#""translation":"#), "\(lines[1])")
  }
}
