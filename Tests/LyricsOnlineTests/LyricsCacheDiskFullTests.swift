import Foundation
import TestSupport
import Testing

@testable import LyricsOnline

/// The lyrics cache on a full or read-only disk (a small tmpfs, root only): a new answer is not
/// kept, with a warning; the entry from before still answers, whole, and no temporary is left.
@Suite(.enabled(if: SmallDisk.canMount, "mounting a tmpfs needs root"))
struct LyricsCacheDiskFullTests {
  let track = TrackFacts(title: "Song", artist: "Artist", album: "Album", durationSeconds: 200)

  func found(_ lyrics: String) -> OnlineLyrics {
    OnlineLyrics(
      record: LRCLIBRecord(
        id: 42, trackName: "Song", artistName: "Artist", duration: 200, syncedLyrics: lyrics),
      kind: .synced, origin: .lrclib)
  }

  /// More than one block, so no room left over in the filler's last block can take it.
  var bigger: String { String(repeating: "[00:01.00]a longer line\n", count: 2_000) }

  @Test func aFullDiskKeepsThePreviousEntryAndWarns() throws {
    let disk = try SmallDisk()
    try expectThePreviousEntryKept(in: disk) { disk.fillUp() }
  }

  @Test func aReadOnlyDiskKeepsThePreviousEntryAndWarns() throws {
    let disk = try SmallDisk()
    try expectThePreviousEntryKept(in: disk) { try disk.makeReadOnly() }
  }

  private func expectThePreviousEntryKept(in disk: SmallDisk, breaking: () throws -> Void) throws {
    let warnings = Warnings()
    let directory = disk.appendingPathComponent("lrclib").path
    let cache = LyricsCache(directory: directory, warn: warnings.add)
    cache.storeHit(found("[00:01.00]before\n"), for: track)
    let names = try disk.names(in: directory)
    try breaking()

    cache.storeHit(found(bigger), for: track)
    cache.storeMiss(for: track)

    var before = found("[00:01.00]before\n")
    before.origin = .cache
    #expect(cache.answer(for: track) == .hit(before))
    #expect(try disk.names(in: directory) == names)
    #expect(warnings.all.count == 2, "\(warnings.all)")
    #expect(warnings.all.allSatisfy { $0.hasPrefix("lyrics cache: cannot write ") })
  }
}
