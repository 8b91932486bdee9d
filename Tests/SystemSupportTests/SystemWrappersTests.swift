import Foundation
import Glibc
import TestSupport
import Testing

@testable import SystemSupport

/// The small wrappers that let the rest of the program leave Glibc alone: each gives what the
/// C call gave.
@Suite struct SystemWrappersTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory()
  }

  @Test func signalNumbersAreTheSystemsOwn() {
    #expect(ProcessSignal.hangUp.rawValue == SIGHUP)
    #expect(ProcessSignal.interrupt.rawValue == SIGINT)
    #expect(ProcessSignal.terminate.rawValue == SIGTERM)
  }

  @Test func utcFieldsOfAKnownMoment() {
    // 2026-11-29T17:15:30Z
    #expect(
      CalendarTime.utc(secondsSince1970: 1_795_972_530)
        == CalendarTime(year: 2026, month: 11, day: 29, hour: 17, minute: 15, second: 30))
  }

  @Test func twoNamesOfOneFileAreTheSameFile() throws {
    let first = try folder.write("a", "x")
    let second = folder.appendingPathComponent("b").path
    let other = try folder.write("c", "x")
    #expect(link(first, second) == 0)
    let a = try FileStatus.of(first).get()
    #expect(a.isSameFile(as: try FileStatus.of(second).get()))
    #expect(!a.isSameFile(as: try FileStatus.of(other).get()))
    #expect(FileStatus.of(folder.appendingPathComponent("none").path) == .failure(.noSuchFile))
  }

  @Test func pathsResolveThroughLinks() throws {
    let target = try folder.write("real/song.lrc", "x")
    let linked = folder.appendingPathComponent("link").path
    #expect(symlink(folder.appendingPathComponent("real").path, linked) == 0)
    let resolvedTarget = try FileStatus.resolvedPath(target).get()
    #expect(try FileStatus.resolvedPath(linked + "/song.lrc").get() == resolvedTarget)
    #expect(FileStatus.resolvedPath(linked + "/none") == .failure(.noSuchFile))
  }

  @Test func aFoldersNamesLeaveOutTheDots() throws {
    try folder.write("b", "x")
    try folder.write(".hidden", "x")
    try folder.write("sub/c", "x")
    #expect(FileStatus.names(in: folder.path)?.sorted() == [".hidden", "b", "sub"])
    #expect(FileStatus.names(in: folder.appendingPathComponent("none").path) == nil)
  }

  @Test func aThreadKnowsItself() async {
    let main = ThreadIdentity.current
    #expect(main.isCurrent)
    let elsewhere = await withCheckedContinuation { done in
      _ = DetachedThread.start(name: "lyricpip.test") { done.resume(returning: main.isCurrent) }
    }
    #expect(!elsewhere)
  }

  @Test func powerIsPow() {
    #expect(CMath.power(10, -6.0 / 20) == pow(10, -6.0 / 20))
    #expect(CMath.power(2, 10) == 1024)
  }
}
