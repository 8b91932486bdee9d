import LyricsCore
import Testing

@testable import LyricsContainers

@Suite("Binary KRC, QRC XML, lyricsfile")
struct ContainerTests {
  @Test("binary KRC made by Python's zlib reads back; our encoder agrees with it")
  func binaryKRC() throws {
    let text = try Fixture.bytes("song.krc.txt")
    #expect(try BinaryKRC.decode(Fixture.bytes("song.krc")) == text)
    #expect(try BinaryKRC.decode(BinaryKRC.encode(String(decoding: text, as: UTF8.self))) == text)
  }

  @Test("bad magic, truncated and corrupt zlib are errors that say so")
  func damagedKRC() throws {
    let good = try Fixture.bytes("song.krc")
    #expect(throws: LyricsContainerError.badMagic(format: "binary KRC", expected: "krc1")) {
      try BinaryKRC.decode(Array("krc2".utf8) + good.dropFirst(4))
    }
    #expect(throws: LyricsContainerError.compressed("the stream ends early (truncated)")) {
      try BinaryKRC.decode(Array(good.prefix(good.count - 20)))
    }
    var corrupt = good
    corrupt[6] ^= 0xFF
    #expect(throws: LyricsContainerError.self) { try BinaryKRC.decode(corrupt) }
  }

  @Test("a zlib bomb is cut off at 16 MiB")
  func bomb() throws {
    let zeros = [UInt8](repeating: 0x20, count: 20 * 1024 * 1024)
    let packed = Array("krc1".utf8) + BinaryKRC.xor(try ZlibCalls.deflate(zeros)[...])
    #expect(packed.count < 100_000)
    #expect(throws: LyricsContainerError.tooLarge(limit: 16 * 1024 * 1024)) {
      try BinaryKRC.decode(packed)
    }
  }

  @Test("QRC XML without LyricContent, and hex that is not QQ's cipher, are refused with a reason")
  func qrcRefused() {
    #expect(
      throws: LyricsContainerError.notTheFormat(
        format: "QRC XML", reason: "no Lyric_N element with LyricContent")
    ) {
      try read(Array("<QrcInfos><LyricInfo/></QrcInfos>".utf8))
    }
    #expect(
      throws: LyricsContainerError.encryptedQRC(
        "the decrypted data is not zlib data: not QQ Music's key or cipher, or a damaged file")
    ) {
      try read(Array(String(repeating: "8F3A", count: 40).utf8))
    }
  }

  @Test("lyricsfile: YAML errors carry libyaml's line; alias bombs stop")
  func lyricsfileErrors() {
    do {
      _ = try read(Array("version: '1.0'\nlines:\n  - text: [unclosed\n".utf8), format: .lyricsfile)
      Issue.record("no error")
    } catch {
      guard case .yaml(let line, _) = error else {
        Issue.record("wrong error \(error)")
        return
      }
      #expect(line >= 3)
    }
    var bomb = "version: '1.0'\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for level in 1..<9 {
      bomb +=
        "a\(level): &a\(level) ["
        + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
    }
    bomb += "lines: *a8\n"
    #expect(throws: LyricsContainerError.self) { try read(Array(bomb.utf8), format: .lyricsfile) }
  }

  @Test("lyricsfile metadata and offset")
  func lyricsfileMetadata() throws {
    let lyrics = try readFixture("song.lyricsfile.yaml").result.lyrics
    #expect(lyrics.artist == "The Tide" && lyrics.metadata["duration_ms"] == "8000")
    let shifted = try read(
      Array("metadata:\n  offset_ms: 100\nlines:\n  - {text: a, start_ms: 1000}\n".utf8))
    #expect(shifted.result.lyrics.lines.map(\.ms) == [900])
  }
}
