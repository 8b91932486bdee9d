import Foundation
import Locking
import TestSupport
import Testing

@testable import SystemSupport

/// `AtomicFile` under failing system calls, played in-process with `SystemCallMock`: the error
/// says which (a full disk is not a read-only one), a signal is retried, and the file from before
/// is left whole with no temporary file beside it.
@Suite struct AtomicFileTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory()
  }

  @Test(arguments: [
    (SystemCallMock.Call.write, Errno.noSpace, "write"),
    (.open, .readOnlyFileSystem, "write"),
    (.open, .permissionDenied, "write"),
    (.fsync, .ioError, "write"),
    (.rename, .readOnlyFileSystem, "replace"),
  ])
  func aFailedReplaceSaysWhyAndLeavesTheOldFileWhole(
    call: SystemCallMock.Call, error: Errno, action: String
  ) throws {
    let path = try folder.write("state.json", "before")
    #expect {
      try SystemCallMock.failing(call, with: error).run {
        try AtomicFile.write(Data("after".utf8), to: URL(fileURLWithPath: path))
      }
    } throws: { thrown in
      guard let thrown = thrown as? AtomicFile.WriteError else { return false }
      return thrown.errno == error && thrown.path == path
        && thrown.description == "cannot \(action) \(path): \(error)"
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "before")
    #expect(try names() == ["state.json"], "a temporary file was left behind")
  }

  @Test func aFullDiskAndAReadOnlyOneAreToldApart() throws {
    let path = folder.appendingPathComponent("a.lrc")
    func failure(from error: Errno) -> Errno? {
      do {
        try SystemCallMock.failing(.write, with: error).run {
          try AtomicFile.write(Data("x".utf8), to: path)
        }
        return nil
      } catch {
        return (error as? AtomicFile.WriteError)?.errno
      }
    }
    #expect(failure(from: .noSpace) == .noSpace)
    #expect(failure(from: .readOnlyFileSystem) == .readOnlyFileSystem)
    #expect(Errno.noSpace.description == "No space left on device")
    #expect(Errno.readOnlyFileSystem.description == "Read-only file system")
  }

  /// Every call a signal interrupts is made again (here the first three of each kind are), and
  /// the file is written whole.
  @Test func interruptedCallsAreRetried() throws {
    let path = try folder.write("offsets", "before")
    let interruptions = Mutex([SystemCallMock.Call: Int]())
    let signals = SystemCallMock { call, _ in
      interruptions.withLock { made in
        guard made[call, default: 0] < 3 else { return nil }
        made[call, default: 0] += 1
        return .interrupted
      }
    }
    try signals.run { try AtomicFile.write(Data("after".utf8), to: URL(fileURLWithPath: path)) }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "after")
    #expect(try names() == ["offsets"])
    let counts = interruptions.withLock { $0 }
    for call in [SystemCallMock.Call.open, .write, .fsync, .rename] {
      #expect(counts[call] == 3, "\(call) was not retried")
    }
  }

  /// After the rename the folder is opened and flushed, so the rename survives a crash.
  @Test func theFolderIsFlushedAfterTheRename() throws {
    let path = try folder.write("state.json", "before")
    let calls = Mutex([(SystemCallMock.Call, String?)]())
    let recorder = SystemCallMock { call, path in
      calls.withLock { $0.append((call, path)) }
      return nil
    }
    try recorder.run { try AtomicFile.write(Data("after".utf8), to: URL(fileURLWithPath: path)) }
    let made = calls.withLock { $0 }
    let renamed = try #require(made.firstIndex { $0.0 == .rename })
    let folderOpened = try #require(made.lastIndex { $0.0 == .open && $0.1 == folder.path })
    #expect(renamed < folderOpened)
    #expect(made.last?.0 == .fsync)
  }

  /// A short write (a pipe, a disk nearly full) goes on from where it stopped.
  @Test func shortWritesGoOn() throws {
    let bytes = [UInt8](repeating: 7, count: 300_000)
    let path = folder.appendingPathComponent("big")
    try AtomicFile.write(Data(bytes), to: path)
    #expect(try Array(Data(contentsOf: path)) == bytes)
  }

  @Test func permissionsAreGiven() throws {
    let path = folder.appendingPathComponent("mode")
    try AtomicFile.write(Data("x".utf8), to: path, permissions: 0o640)
    #expect(FileStatus.of(path.path).map(\.permissions) == .success(0o640))
  }

  @Test func aReplaceByNameKeepsTheOldFileWhenTheWriterFails() throws {
    struct EncoderFailed: Error {}
    let path = try folder.write("shot.png", "before")
    #expect(throws: EncoderFailed.self) {
      try AtomicFile.replace(atPath: path) { temporary in
        try Data("half".utf8).write(to: URL(fileURLWithPath: temporary))
        throw EncoderFailed()
      }
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "before")
    #expect(try names() == ["shot.png"])
    try AtomicFile.replace(atPath: path) { temporary in
      try Data("after".utf8).write(to: URL(fileURLWithPath: temporary))
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "after")
    #expect(try names() == ["shot.png"])
  }

  @Test func createNeverWritesOverAFile() throws {
    let path = try folder.write("x.lrc", "theirs")
    #expect {
      try AtomicFile.create(Data("ours".utf8), atPath: path)
    } throws: { ($0 as? AtomicFile.WriteError)?.errno == .fileExists }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "theirs")
    #expect(try names() == ["x.lrc"])
  }

  @Test func createOnAFullDiskLeavesNothing() throws {
    let path = folder.appendingPathComponent("y.lrc").path
    #expect {
      try SystemCallMock.failing(.write, with: .noSpace).run {
        try AtomicFile.create(Data("ours".utf8), atPath: path)
      }
    } throws: { ($0 as? AtomicFile.WriteError)?.errno == .noSpace }
    #expect(try names() == [])
  }

  private func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }
}

/// The same two failures on a real small disk (root only): the error numbers the kernel gives
/// come out typed.
@Suite(.enabled(if: SmallDisk.canMount, "mounting a tmpfs needs root"))
struct AtomicFileDiskTests {
  @Test func aFullDiskIsNoSpace() throws {
    let disk = try SmallDisk()
    let path = disk.appendingPathComponent("f")
    try AtomicFile.write(Data("before".utf8), to: path)
    #expect {
      // Made here, not kept in a static: LeakSanitizer counts a static's buffer as leaked.
      try AtomicFile.write(Data(repeating: 1, count: 512 * 1024), to: path)
    } throws: { ($0 as? AtomicFile.WriteError)?.errno == .noSpace }
    #expect(try String(contentsOf: path, encoding: .utf8) == "before")
    #expect(try disk.names(in: disk.path) == ["f"])
  }

  @Test func aReadOnlyDiskIsReadOnlyFileSystem() throws {
    let disk = try SmallDisk()
    let path = disk.appendingPathComponent("f")
    try AtomicFile.write(Data("before".utf8), to: path)
    try disk.makeReadOnly()
    #expect {
      try AtomicFile.write(Data("after".utf8), to: path)
    } throws: { ($0 as? AtomicFile.WriteError)?.errno == .readOnlyFileSystem }
    #expect(try String(contentsOf: path, encoding: .utf8) == "before")
  }
}
