import Foundation
import Glibc
import Session
import TestSupport
import Testing

/// The state folder on a disk that is full, or mounted read-only: a small tmpfs mounted for the
/// test (root only, as the build machines run; elsewhere the suite is skipped). The save fails
/// (the caller warns and plays on) and the file from before is whole, with no temporary left.
@Suite(.enabled(if: SmallDisk.canMount, "mounting a tmpfs needs root"))
struct StateStoreDiskFullTests {
  static let before = SavedState(lastTrack: TrackPosition(path: "/music/before.ogg", positionMs: 1))

  /// Far larger than what is left once the disk is full.
  static let after = SavedState(
    trackOffsetsMs: Dictionary(uniqueKeysWithValues: (0..<2_000).map { ("/music/\($0).ogg", $0) }))

  @Test func aFullDiskFailsTheSaveAndLeavesThePreviousFileWhole() throws {
    let disk = try SmallDisk()
    let store = StateStore(directory: disk.appendingPathComponent("lyricpip"))
    try store.save(Self.before)
    disk.fillUp()

    #expect(throws: (any Error).self) { try store.save(Self.after) }
    expectOnlyThePreviousState(in: store)
  }

  @Test func aReadOnlyFolderFailsTheSaveAndLeavesThePreviousFileWhole() throws {
    let disk = try SmallDisk()
    let store = StateStore(directory: disk.appendingPathComponent("lyricpip"))
    try store.save(Self.before)
    try disk.makeReadOnly()

    #expect(throws: (any Error).self) { try store.save(Self.after) }
    expectOnlyThePreviousState(in: store)
  }

  private func expectOnlyThePreviousState(in store: StateStore) {
    let loaded = store.load()
    #expect(loaded.state == Self.before)
    #expect(loaded.warning == nil)
    #expect(
      (try? FileManager.default.contentsOfDirectory(atPath: store.directory.path)) == [
        "state.json"
      ])
  }
}
