import Foundation
import TestSupport
import Testing

@testable import LyricsCore
@testable import LyricsFiles

@Suite("Reading lyrics files")
struct LyricsFileReaderTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  func file(_ name: String, bytes: Int) throws -> String {
    try directory.write(name, repeatElement(0x61, count: bytes))
  }

  @Test("a file up to the cap is read whole; one byte more is refused")
  func cap() throws {
    #expect(try LyricsFileReader.read(path: try file("at.lrc", bytes: 100), cap: 100).count == 100)
    #expect(throws: LyricsFileReader.ReadError.tooLarge(bytes: 101)) {
      try LyricsFileReader.read(path: try self.file("over.lrc", bytes: 101), cap: 100)
    }
    #expect(LyricsFileReader.sizeCap == 16 * 1024 * 1024)
  }

  @Test("missing files, directories, FIFOs and devices are typed errors")
  func refusals() throws {
    let missing = directory.appendingPathComponent("missing.lrc").path
    #expect {
      try LyricsFileReader.read(path: missing)
    } throws: { error in
      guard case LyricsFileReader.ReadError.cannotOpen(let message) = error else { return false }
      return message.contains("No such file")
    }
    #expect(throws: LyricsFileReader.ReadError.isDirectory) {
      try LyricsFileReader.read(path: self.directory.path)
    }
    let fifo = directory.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: LyricsFileReader.ReadError.notRegularFile) {
      try LyricsFileReader.read(path: fifo)
    }
    #expect(throws: LyricsFileReader.ReadError.notRegularFile) {
      try LyricsFileReader.read(path: "/dev/zero")  // endless if read; /dev/null may be a file
    }
  }

  @Test("an empty file reads as no bytes")
  func empty() throws {
    #expect(try LyricsFileReader.read(path: try file("empty.lrc", bytes: 0)).isEmpty)
  }
}
