import Foundation
import LyricsCore
import TestSupport
import Testing

@testable import LyricsContainers

@Suite("Encrypted QRC: QQ's DES, the hex form, the local file")
struct EncryptedQRCTests {
  static func bytes(hex: String) -> [UInt8] {
    var output: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2)
      output.append(UInt8(hex[index..<next], radix: 16) ?? 0)
      index = next
    }
    return output
  }

  static func crypt(_ hex: String, key: String, _ direction: QQMusicDES.Direction) -> String {
    var block = bytes(hex: hex)
    QQMusicDES(key: bytes(hex: key), direction: direction, variant: .standard).crypt(&block, at: 0)
    return block.map(EncryptedQRC.hex2).joined()
  }

  @Test("with FIPS tables the same machinery is standard DES (published known answers)")
  func standardDES() {
    // J. Orlin Grabbe, "The DES Algorithm Illustrated": the worked example.
    #expect(Self.crypt("0123456789ABCDEF", key: "133457799BBCDFF1", .encrypt) == "85E813540F0AB405")
    #expect(Self.crypt("85E813540F0AB405", key: "133457799BBCDFF1", .decrypt) == "0123456789ABCDEF")
    // NIST SP 800-17, table A.1 (variable plaintext), first entry.
    #expect(Self.crypt("8000000000000000", key: "0101010101010101", .encrypt) == "95F8A5E5DD31D900")
  }

  @Test("QQ's variant is not standard DES, and its two directions undo each other")
  func qqVariant() {
    let key = Array("!@#)(*$%".utf8)
    var generator = SeededGenerator(seed: 23)
    for _ in 0..<200 {
      let plain = (0..<8).map { _ in UInt8.random(in: 0...255, using: &generator) }
      var block = plain
      QQMusicDES(key: key, direction: .encrypt).crypt(&block, at: 0)
      var standard = plain
      QQMusicDES(key: key, direction: .encrypt, variant: .standard).crypt(&standard, at: 0)
      #expect(block != plain && block != standard)
      QQMusicDES(key: key, direction: .decrypt).crypt(&block, at: 0)
      #expect(block == plain)
    }
  }

  /// Verified by `sampleWithPublishedHash`: these are the first two blocks of AMLL's sample
  /// (amll-dev/applemusic-like-lyrics, packages/lyric/test/eqrc.hex, commit deb8bedf) and what
  /// they decrypt to, the start of a zlib stream (78 9C).
  @Test("QQ's triple DES: a known answer from a published sample")
  func knownAnswer() throws {
    let cipher = Self.bytes(hex: KnownAnswer.cipherHex)
    var data = cipher
    EncryptedQRC.tripleDES(&data, decrypting: true)
    #expect(data == Self.bytes(hex: KnownAnswer.plainHex))
    EncryptedQRC.tripleDES(&data, decrypting: false)
    #expect(data == cipher)
  }

  @Test("the XOR layer turns [offset:0] into the header QQ's local files start with")
  func localHeaderConstant() {
    // parakeet-crypto, src/transformer/qrc.cpp: "Magic header: 98 25 B0 AC E3 02 83 68 E8 FC 6C
    // ... When decrypted, the magic header became: [offset:0]."
    #expect(QMC1Mask.apply(Array("[offset:0]\n".utf8)[...]) == EncryptedQRC.localFileMagic)
    #expect(
      EncryptedQRC.localFileMagic == [
        0x98, 0x25, 0xB0, 0xAC, 0xE3, 0x02, 0x83, 0x68, 0xE8, 0xFC, 0x6C,
      ])
  }

  /// AMLL's sample is AGPL-licensed, so it is not in this repository: point
  /// LYRICPIP_EQRC_SAMPLE at a copy of its `packages/lyric/test/eqrc.hex` to run this. Its test
  /// publishes the SHA-256 of the decrypted text and its length (7188 UTF-16 units).
  @Test(
    "AMLL's public sample decrypts to the text whose SHA-256 it publishes",
    .enabled(if: ProcessInfo.processInfo.environment["LYRICPIP_EQRC_SAMPLE"] != nil))
  func sampleWithPublishedHash() throws {
    let path = try #require(ProcessInfo.processInfo.environment["LYRICPIP_EQRC_SAMPLE"])
    let hex = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(hex.count == 7136)
    let payload = try EncryptedQRC.decryptHex(hex)
    #expect(String(decoding: payload, as: UTF8.self).utf16.count == 7188)
    let hash = try ProcessRunner.run("sha256sum", stdin: Data(payload))
    #expect(
      hash.stdout.hasPrefix("f3bf2f3b5af01e9f21c5fc49e5ed9ab59370faa530f62b60a38df1881ea31f6a"))
    #expect(Array(hex.prefix(32)) == Array(KnownAnswer.cipherHex.utf8))
    let (format, result) = try QRCPayload.parse(payload)
    #expect(format == .qrc && !result.lyrics.lines.isEmpty)
  }

  @Test("the hex form and the local file read as the XML they hold")
  func roundTrip() throws {
    let xml = try Fixture.bytes("song.qrc.xml")
    let expected = try read(xml)
    for encrypted in [try EncryptedQRCWriter.hex(xml), try EncryptedQRCWriter.localFile(xml)] {
      let document = try read(encrypted)
      #expect(document.format == .qrc)
      #expect(document.result == expected.result)
      #expect(try read(encrypted, format: .qrc).result == expected.result)
    }
  }

  @Test("the committed fixtures decrypt to song.qrc.xml")
  func fixtures() throws {
    let xml = try Fixture.bytes("song.qrc.xml")
    #expect(try EncryptedQRC.decryptHex(Fixture.bytes("song.qrc.hex")) == xml)
    #expect(try EncryptedQRC.decryptLocalFile(Fixture.bytes("song.local.qrc")) == xml)
    #expect(
      LyricsFormatDetector.detect(try Fixture.bytes("song.qrc.hex")).container == .encryptedQRC)
    #expect(LyricsFormatDetector.detect(try Fixture.bytes("song.local.qrc")).container == .localQRC)
  }

  @Test("hex saved with a line break and lower case digits is still the hex form")
  func hexWithLineBreak() throws {
    let xml = try Fixture.bytes("song.qrc.xml")
    let hex = Array(
      String(decoding: try EncryptedQRCWriter.hex(xml), as: UTF8.self).lowercased().utf8)
    let saved = Array(hex.prefix(64)) + [0x0D, 0x0A] + Array(hex.dropFirst(64)) + [0x0A]
    #expect(LyricsFormatDetector.detect(saved).container == .encryptedQRC)
    #expect(try read(saved).result == read(xml).result)
  }

  @Test("LyricContent is scanned, not parsed: raw quotes and ampersands in the lyrics survive")
  func notWellFormed() throws {
    let payload = Array(
      """
      <?xml version="1.0" encoding="utf-8"?>
      <QrcInfos><LyricInfo LyricCount="1">
      <Lyric_1 LyricType="1" LyricContent="[ti:Rock & "Roll"]
      [0,1000]Say(0,500) "hi"(500,500)
      [1000,1000]&lt;3 &amp; &#x263A;(1000,1000)
      "/>
      </LyricInfo></QrcInfos>
      """.utf8)
    let text = try QRCPayload.lyricsText(payload)
    #expect(text.hasPrefix("[ti:Rock & \"Roll\"]\n[0,1000]Say(0,500) \"hi\"(500,500)\n"))
    #expect(text.contains("[1000,1000]<3 & ☺(1000,1000)"))
    let (format, result) = try QRCPayload.parse(payload)
    #expect(format == .qrc)
    #expect(result.lyrics.lines.map(\.text) == ["Say \"hi\"", "<3 & ☺"])
  }

  @Test("a payload of plain LRC (a translation) reads as LRC")
  func translationPayload() throws {
    let hex = try EncryptedQRCWriter.hex(Array("[00:01.00]Hello\n[00:03.00]World\n".utf8))
    let document = try read(hex)
    #expect(document.format == .lrc)
    #expect(document.result.lyrics.lines.map(\.text) == ["Hello", "World"])
  }

  @Test("bad input says what is wrong", arguments: BadInput.allCases)
  func badInput(_ input: BadInput) throws {
    let bytes = try input.bytes()
    do {
      // Text with a letter that is not hex is not detected as the hex form at all; the
      // decoder's own message is for a caller that names the form.
      if input == .notHex { _ = try EncryptedQRC.decryptHex(bytes) } else { _ = try read(bytes) }
      Issue.record("\(input) read without an error")
    } catch {
      #expect(
        error.description.hasPrefix("encrypted QRC (QQ Music): ")
          && error.description.contains(input.message), "\(error)")
    }
  }

  enum BadInput: CaseIterable, Sendable {
    case wrongKey, oddDigits, notHex, truncated, damagedZlib, noLyricContent, unclosed

    func bytes() throws -> [UInt8] {
      let xml = try Fixture.bytes("song.qrc.xml")
      var hex = try EncryptedQRCWriter.hex(xml)
      switch self {
      case .wrongKey:
        var data = try ZlibCalls.deflate(xml)
        data += [UInt8](repeating: 0, count: (8 - data.count % 8) % 8)
        // Standard DES with one of the keys: the right structure, the wrong cipher.
        let des = QQMusicDES(
          key: EncryptedQRC.tripleKey[0..<8], direction: .encrypt, variant: .standard)
        for offset in stride(from: 0, to: data.count, by: 8) { des.crypt(&data, at: offset) }
        return Array(data.map(EncryptedQRC.hex2).joined().utf8)
      case .oddDigits: return hex.dropLast()
      case .notHex:
        hex[70] = UInt8(ascii: "G")
        return hex
      case .truncated: return try EncryptedQRCWriter.localFile(xml).dropLast(5)
      case .damagedZlib:
        var data = try EncryptedQRCWriter.cipherText(xml)
        data[16] ^= 0x55
        return QMC1Mask.apply((EncryptedQRC.localHeader + data)[...])
      case .noLyricContent:
        return try EncryptedQRCWriter.hex(
          Array("<QrcInfos><LyricInfo LyricCount=\"0\"/></QrcInfos>".utf8))
      case .unclosed:
        return try EncryptedQRCWriter.hex(
          Array("<QrcInfos><Lyric_1 LyricContent=\"[0,1]a(0,1)".utf8))
      }
    }

    /// What the message says (after "encrypted QRC (QQ Music): ").
    var message: String {
      switch self {
      case .wrongKey:
        "the decrypted data is not zlib data: not QQ Music's key or cipher, or a damaged file"
      case .oddDigits: "an odd number of hexadecimal digits (truncated?)"
      case .notHex: "not hexadecimal text: byte 0x47 at offset 70"
      case .truncated: "bytes of cipher text are not whole 8-byte blocks (truncated?)"
      case .damagedZlib: "damaged compressed data after decryption: "
      case .noLyricContent: "the decrypted XML has no LyricContent attribute"
      case .unclosed: "the LyricContent attribute is not closed"
      }
    }
  }
}

/// The first two blocks of AMLL's sample, and their plain text as `sampleWithPublishedHash`
/// verified it.
enum KnownAnswer {
  static let cipherHex = "76782DD2D2D02305BAD47017F2618CC5"
  static let plainHex = "789C4D995BB356C51186EFF915BBB85A"
}
