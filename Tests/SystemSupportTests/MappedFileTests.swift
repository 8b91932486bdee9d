import SystemSupport
import TestSupport
import Testing

@Suite struct MappedFileTests {
  @Test func theMappedBytesAreTheFiles() throws {
    let content = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    try withTemporaryDirectory { directory in
      let path = try directory.write("font", content)
      let mapped = try PosixFile(readingAt: path).mapped(path: path)
      #expect(Array(mapped.bytes) == content)
    }
  }

  /// An empty file or a directory cannot be mapped: a clear message, not a crash.
  @Test func anEmptyFileOrADirectoryIsRefused() throws {
    try withTemporaryDirectory { directory in
      let empty = try directory.write("empty", [UInt8]())
      #expect(throws: PosixFile.Failure.self) {
        try PosixFile(readingAt: empty).mapped(path: empty)
      }
      let folder = directory.path
      let failure = #expect(throws: PosixFile.Failure.self) {
        try PosixFile(readingAt: folder).mapped(path: folder)
      }
      #expect(failure?.message.contains("not a regular file") == true)
    }
  }
}
