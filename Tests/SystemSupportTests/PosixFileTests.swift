import SystemSupport
import TestSupport
import Testing

@Suite struct PosixFileTests {
  /// Whatever size is expected (none, too small, exact, too large, past the limit), the bytes are
  /// the file's, up to the limit.
  @Test(arguments: [0, 1, 999, 100_000, 100_001, 250_000])
  func readsTheWholeFileWhateverSizeIsExpected(expectedSize: Int) throws {
    let content = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try withTemporaryDirectory { directory in
      let path = try directory.write("data", content)
      #expect(
        try PosixFile(readingAt: path).read(upTo: .max, expectedSize: expectedSize) == content)
      #expect(
        try PosixFile(readingAt: path).read(upTo: 70_000, expectedSize: expectedSize)
          == Array(content.prefix(70_000)))
    }
  }

  @Test func anEmptyFileIsNoBytes() throws {
    try withTemporaryDirectory { directory in
      let path = try directory.write("empty", [UInt8]())
      #expect(try PosixFile(readingAt: path).read(upTo: .max, expectedSize: 10).isEmpty)
    }
  }
}
