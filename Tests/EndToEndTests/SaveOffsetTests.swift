import Foundation
import LyricsCore
import LyricsFiles
import TestSupport
import Testing

/// Ctrl+S in a window writes the live offset into the lyrics file, as a user who tuned the
/// lyrics with `+`/`-` expects: only the `[offset:]` tag changes, and the lyrics on display do
/// not jump.
@Suite(.enabled(if: Service.x11.shouldRun), .timeLimit(.minutes(5)))
struct SaveOffsetTests {
  @Test func plusTwiceThenControlSSavesTwoHundredMillisecondsIntoTheFile() throws {
    let folder = try Paths.makeTemporaryDirectory()
    let audio = folder.appendingPathComponent("song.ogg")
    let lyrics = folder.appendingPathComponent("song.lrc")
    try FileManager.default.copyItem(
      at: Paths.packageRoot.appendingPathComponent("Assets/demo.ogg"), to: audio)
    let original = try Data(
      contentsOf: Paths.packageRoot.appendingPathComponent("Lyrics/demo.lrc"))
    try original.write(to: lyrics)

    let desktop = try PrivateDesktop()
    let player = try PlayProcess(
      [audio.path, "--start", "1"], display: desktop.display, folder: folder)
    defer { _ = player.terminate() }
    #expect(player.waitForMainFocus(), "the main window never had the focus: \(player.stderr)")
    try desktop.run("xdotool", ["key", "--delay", "50", "plus", "plus", "ctrl+s"])

    let saved = player.waitForEvent { $0["event"] as? String == "offset-saved" }
    #expect(saved?["fileOffsetMs"] as? Int == 200, "\(player.events()) \(player.stderr)")
    #expect(saved?["path"] as? String == lyrics.path)
    let offsets = player.events().filter { $0["event"] as? String == "offset" }
    #expect(offsets.compactMap { $0["offsetMs"] as? Int } == [100, 200])

    // The file: the tag is there with the saved value, every other line as it was.
    let edited = try Data(contentsOf: lyrics)
    let parsedEdited = try LRCParser.parse(bytes: Array(edited)).result.lyrics
    let parsedOriginal = try LRCParser.parse(bytes: Array(original)).result.lyrics
    #expect(parsedEdited.offsetMs == 200)
    #expect(parsedEdited.lines.map(\.text) == parsedOriginal.lines.map(\.text))
    let editedLines = String(decoding: edited, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(editedLines.filter { $0 == "[offset:200]" }.count == 1)
    #expect(
      editedLines.filter { $0 != "[offset:200]" }
        == String(decoding: original, as: UTF8.self).split(
          separator: "\n", omittingEmptySubsequences: false))

    // The lines go on in step: each index once, in order, none announced twice by the save.
    let lineIndices = { player.events().filter { $0["event"] as? String == "line" } }
    let seenAtSave = lineIndices().count
    #expect(
      poll(timeout: 15) { lineIndices().count >= seenAtSave + 1 },
      "no line after the save: \(player.stderr)")
    let indices = lineIndices().compactMap { $0["index"] as? Int }
    #expect(indices == Array(Set(indices)).sorted(), "\(indices)")
  }
}
