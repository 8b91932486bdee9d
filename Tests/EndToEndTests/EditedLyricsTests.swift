import Foundation
import Glibc
import SystemSupport
import TestSupport
import Testing

/// A lyrics file edited while it is shown (`play --no-window --audio null`, real time): saved by
/// an editor that renames a new file over it, then by one that writes it in place. Each save is
/// shown at once at the position heard (a `lyrics` event with `reloaded`), the lines after it
/// have the new text, and the `line` events still come once each, in order, none skipped.
@Suite(.tags(.realTime), .timeLimit(.minutes(3)))
struct EditedLyricsTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  /// A line a second from 0.5 s: `[00:00.50]word 0`, … in `version`'s words.
  static func lyrics(_ version: String, lines: Int = 12) -> String {
    (0..<lines).map { "[00:\(DecimalText.zeroPadded($0, width: 2)).50]\(version) \($0)\n" }.joined()
  }

  @Test func aLyricsFileSavedWhileItIsShownIsShownAgainInPlaceWithEachLineOnce() throws {
    let audio = folder.appendingPathComponent("song.ogg").path
    try ToneFile.write(to: audio, seconds: 12)
    let lyrics = try folder.write("song.lrc", Self.lyrics("old"))

    let player = try PlayProcess(
      [audio, "--no-window", "--offline"], display: "", folder: folder.url)
    defer { _ = player.terminate() }
    let lines = { player.events().filter { $0["event"] as? String == "line" } }
    let reloads = {
      player.events().filter {
        $0["event"] as? String == "lyrics" && $0["reloaded"] as? Bool == true
      }
    }

    // An editor's save: a new file beside it, renamed over it.
    try #require(
      poll(timeout: 20) { lines().count >= 3 }, "\(player.events()) \(player.stderr)")
    let fresh = folder.appendingPathComponent(".song.lrc.swp").path
    try Data(Self.lyrics("renamed").utf8).write(to: URL(fileURLWithPath: fresh))
    try #require(rename(fresh, lyrics) == 0)
    try #require(poll(timeout: 10) { reloads().count == 1 }, "\(player.events())")
    let afterRename = lines().count

    // Another editor's save: the same file written again in place.
    try #require(poll(timeout: 10) { lines().count >= afterRename + 2 }, "\(player.events())")
    let handle = try #require(FileHandle(forWritingAtPath: lyrics))
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: Data(Self.lyrics("in place").utf8))
    try handle.close()
    try #require(poll(timeout: 10) { reloads().count == 2 }, "\(player.events())")
    let afterInPlace = lines().count
    try #require(poll(timeout: 10) { lines().count >= afterInPlace + 2 }, "\(player.events())")

    let all = lines()
    let indices = all.compactMap { $0["index"] as? Int }
    #expect(indices == Array(indices.indices), "each line once, in order: \(indices)")
    let texts = all.compactMap { $0["text"] as? String }
    #expect(texts[afterRename] == "renamed \(afterRename)", "\(texts)")
    #expect(texts[afterInPlace] == "in place \(afterInPlace)", "\(texts)")
    #expect(texts.prefix(3).allSatisfy { $0.hasPrefix("old ") }, "\(texts)")
    #expect(reloads().allSatisfy { $0["path"] as? String == lyrics && $0["lines"] as? Int == 12 })
    #expect(!player.events().contains { $0["event"] as? String == "error" }, "\(player.events())")
  }
}
