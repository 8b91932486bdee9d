import Foundation
import SessionWiring
import TestSupport
import Testing

/// Saving an offset into a lyrics file on a full or read-only disk (a small tmpfs, root only):
/// the save fails with the system's reason, and the user's file is as it was, byte for byte,
/// with no temporary beside it.
@Suite(.enabled(if: SmallDisk.canMount, "mounting a tmpfs needs root"))
struct OffsetSaveDiskFullTests {
  /// Long enough that the edited file needs a block of its own.
  static let original = Array(
    ("[ti:Song]\n" + String(repeating: "[00:01.00]a line of the song\n", count: 400)).utf8)

  @Test func aFullDiskFailsTheSaveAndLeavesTheLyricsFileAsItWas() throws {
    let disk = try SmallDisk()
    try expectTheFileUntouched(on: disk) { disk.fillUp() }
  }

  @Test func aReadOnlyDiskFailsTheSaveAndLeavesTheLyricsFileAsItWas() throws {
    let disk = try SmallDisk()
    try expectTheFileUntouched(on: disk) { try disk.makeReadOnly() }
  }

  private func expectTheFileUntouched(on disk: SmallDisk, breaking: () throws -> Void) throws {
    let lyrics = disk.appendingPathComponent("song.lrc")
    try Data(Self.original).write(to: lyrics)
    try breaking()
    let names = try disk.names(in: disk.path)

    let failure = #expect(throws: LyricsOffsetSaving.Failure.self) {
      try LyricsOffsetSaving.save(addingMs: 200, to: lyrics.path)
    }
    #expect(failure?.description.hasPrefix(lyrics.path) == true, "\(String(describing: failure))")
    #expect(try Array(Data(contentsOf: lyrics)) == Self.original)
    #expect(try disk.names(in: disk.path) == names)
  }
}
