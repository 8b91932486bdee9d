import Foundation
import Glibc
import Session
import TestSupport
import Testing

/// The state folder on a disk that is full: a small tmpfs mounted for the test (root only, as
/// the build machines run; elsewhere the suite is skipped), filled up to the last block.
@Suite(.enabled(if: geteuid() == 0, "mounting a tmpfs needs root"))
struct StateStoreDiskFullTests {
  static let before = SavedState(lastTrack: TrackPosition(path: "/music/before.ogg", positionMs: 1))

  /// Far larger than what is left once the disk is full.
  static let after = SavedState(
    trackOffsetsMs: Dictionary(uniqueKeysWithValues: (0..<2_000).map { ("/music/\($0).ogg", $0) }))

  @Test func aFullDiskFailsTheSaveAndLeavesThePreviousFileWhole() throws {
    let mountPoint = try Paths.makeTemporaryDirectory()
    guard mount("tmpfs", mountPoint.path, "tmpfs", 0, "size=256k") == 0 else {
      Issue.record("cannot mount a tmpfs at \(mountPoint.path): errno \(errno)")
      return
    }
    defer { umount2(mountPoint.path, Int32(MNT_DETACH)) }
    let store = StateStore(directory: mountPoint.appendingPathComponent("lyricpip"))
    try store.save(Self.before)
    fillUp(mountPoint.appendingPathComponent("filler").path)

    #expect(throws: (any Error).self) { try store.save(Self.after) }
    let loaded = store.load()
    #expect(loaded.state == Self.before)
    #expect(loaded.warning == nil)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: store.directory.path) == ["state.json"])
  }

  /// Writes zeros to `path` until the file system refuses.
  func fillUp(_ path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    defer { close(descriptor) }
    let block = [UInt8](repeating: 0, count: 4096)
    while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
  }
}
