import Foundation
import TestSupport
import Testing

@testable import ID3
@testable import LyricsCore

@Suite("ID3 SYLT reader")
struct ID3SyncedLyricsReaderTests {
  typealias B = ID3TestBytes

  func sylt(type: UInt8, _ text: String, encoding: UInt8 = 3) -> [UInt8] {
    B.sylt(encoding: encoding, type: type, entries: [(B.utf8z(text), 10)])
  }

  @Test("lyrics are chosen before transcriptions and other content; chords never")
  func choosesTheLyrics() throws {
    let frames =
      B.frame24("SYLT", sylt(type: 5, "Am")) + B.frame24("SYLT", sylt(type: 0, "other"))
      + B.frame24("SYLT", B.sylt(type: 1, entries: [])) + B.frame24("SYLT", sylt(type: 1, "words"))
      + B.frame24("SYLT", sylt(type: 2, "transcript"))
    let found = ID3SyncedLyricsReader.find(in: B.tag(major: 4, frames))
    #expect(found.lyrics?.entries.map(\.text) == ["words"])
    let chordsOnly = ID3SyncedLyricsReader.find(
      in: B.tag(major: 4, B.frame24("SYLT", sylt(type: 5, "Am"))))
    #expect(chordsOnly.lyrics == nil)
  }

  @Test("ID3v2.2 SLT is read")
  func v22() throws {
    let found = ID3SyncedLyricsReader.find(
      in: B.tag(major: 2, B.frame22("SLT", B.sylt(encoding: 0, entries: [(B.latin1z("hé"), 7)]))))
    #expect(found.lyrics?.entries == [ID3SyncedLyrics.Entry(text: "hé", time: 7)])
  }

  @Test("an unreadable frame is skipped with a diagnostic and the next one is used")
  func skipsBadFrames() throws {
    let frames =
      B.frame23("SYLT", sylt(type: 1, "bad", encoding: 9)) + B.frame23("SYLT", sylt(type: 1, "ok"))
    let found = ID3SyncedLyricsReader.find(in: B.tag(major: 3, frames))
    #expect(found.lyrics?.entries.map(\.text) == ["ok"])
    #expect(found.diagnostics == ["frame SYLT: unknown text encoding 9; skipped"])
  }

  @Test("a file is read only up to the cap, and left as it was")
  func readsTheFileUpToTheCap() throws {
    let directory = try Paths.makeTemporaryDirectory()
    let path = directory.appendingPathComponent("song.mp3").path
    let picture = [UInt8](repeating: 0x55, count: 5_000)
    let bytes =
      B.tag(
        major: 4,
        B.frame24("SYLT", sylt(type: 1, "first")) + B.frame24("APIC", picture)
          + B.frame24("SYLT", sylt(type: 2, "after the picture"))) + [0xFF, 0xFB, 0x90, 0x00]
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let whole = ID3SyncedLyricsReader.read(path: path)
    #expect(whole.lyrics?.entries.map(\.text) == ["first"])
    #expect(whole.diagnostics.isEmpty)
    let capped = ID3SyncedLyricsReader.read(path: path, cap: 1_000)
    #expect(capped.lyrics?.entries.map(\.text) == ["first"])
    #expect(capped.diagnostics.first?.contains("only 1000 were read") == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
  }

  @Test("no tag, no file, a directory: an empty result without diagnostics")
  func nothingToRead() throws {
    let directory = try Paths.makeTemporaryDirectory()
    let plain = directory.appendingPathComponent("plain.wav").path
    try Data("RIFF....WAVE".utf8).write(to: URL(fileURLWithPath: plain))
    for path in [plain, directory.path, directory.appendingPathComponent("missing.mp3").path] {
      #expect(ID3SyncedLyricsReader.read(path: path) == ID3SyncedLyricsReader.Result())
    }
  }
}
