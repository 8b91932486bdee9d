import Foundation
import TestSupport
import Testing

@testable import LyricsCore
@testable import LyricsFiles

@Suite("Bytes to text")
struct TextDecoderTests {
  static let simplified = "你问我爱你有多深"

  @Test(
    "the encoding of each fixture is recognised and the text survives",
    arguments: [
      ("simplified.utf8.lrc", TextEncoding.utf8, simplified),
      ("simplified.utf8-bom.lrc", .utf8, simplified),
      ("simplified.utf16le-bom.lrc", .utf16LE, simplified),
      ("simplified.utf16be-bom.lrc", .utf16BE, simplified),
      ("simplified.utf16le.lrc", .utf16LE, simplified),
      ("simplified.utf16be.lrc", .utf16BE, simplified),
      ("simplified.utf32le-bom.lrc", .utf32LE, simplified),
      ("simplified.gb18030.lrc", .gb18030, simplified),
      ("simplified.gbk.lrc", .gb18030, simplified),
      ("traditional.big5.lrc", .big5, "你問我愛你有多深"),
      ("french.latin1.lrc", .windows1252, "Où est la boulangerie ?"),
    ])
  func recognises(file: String, encoding: TextEncoding, firstLine: String) throws {
    let decoded = try TextDecoder.decode(try Fixture.bytes(file))
    #expect(decoded.encoding == encoding)
    let result = LRCParser.parse(utf8: decoded.utf8)
    #expect(result.lyrics.lines.first?.text == firstLine)
    // The BOM is not text: the first line (an ID tag) is read, not lost.
    #expect(result.lyrics.title != nil)
    #expect(result.diagnostics.isEmpty)
  }

  @Test("the BOM is dropped, not decoded as text")
  func bomIsNotText() throws {
    let decoded = try TextDecoder.decode([0xEF, 0xBB, 0xBF] + Array("[00:01.00]a".utf8))
    #expect(decoded.text == "[00:01.00]a")
    #expect(decoded.encoding == .utf8)
  }

  @Test("a UTF-32 BE BOM is recognised")
  func utf32BigEndian() throws {
    let text = "[00:01.00]é"
    let body = text.unicodeScalars.flatMap { scalar -> [UInt8] in
      let value = scalar.value
      return [
        UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
        UInt8(value & 0xFF),
      ]
    }
    let decoded = try TextDecoder.decode([0, 0, 0xFE, 0xFF] + body)
    #expect(decoded.encoding == .utf32BE)
    #expect(decoded.text == text)
  }

  @Test("--encoding overrides the guess")
  func forcedEncoding() throws {
    // GBK bytes read as Latin-1 on purpose: nonsense, but what was asked for.
    let bytes = try Fixture.bytes("simplified.gbk.lrc")
    let forced = try TextDecoder.decode(bytes, encoding: "ISO-8859-1")
    #expect(forced.encoding == .named("ISO-8859-1"))
    #expect(!forced.text.contains(Self.simplified))
    let gbk = try TextDecoder.decode(bytes, encoding: "GBK")
    #expect(gbk.encoding == .named("GBK"))
    #expect(gbk.text.contains(Self.simplified))
  }

  @Test("a forced encoding skips a matching BOM and replaces invalid bytes")
  func forcedEncodingBOMAndInvalidBytes() throws {
    let bom = try TextDecoder.decode([0xEF, 0xBB, 0xBF, 0x61], encoding: "utf-8")
    #expect(bom.text == "a")
    let invalid = try TextDecoder.decode([0x61, 0xFF, 0x62], encoding: "UTF-8")
    #expect(invalid.text == "a\u{FFFD}b")
    #expect(invalid.replacedBytes == 1)
  }

  @Test("forcing UTF-16 on a BOM file lets the BOM give the byte order")
  func forcedUTF16WithBOM() throws {
    let bytes = try Fixture.bytes("simplified.utf16le-bom.lrc")
    for name in ["UTF-16", "UTF-16LE", "utf-16le"] {
      let decoded = try TextDecoder.decode(bytes, encoding: name)
      #expect(decoded.text.hasPrefix("[ti:月亮代表我的心]"), "\(name)")
    }
  }

  @Test("an unknown encoding name is a typed error naming it")
  func unknownEncoding() {
    #expect(throws: TextDecoder.UnknownEncoding.self) {
      try TextDecoder.decode([0x61], encoding: "NO-SUCH-ENCODING")
    }
    #expect(throws: TextDecoder.UnknownEncoding.self) {
      try TextDecoder.validateEncodingName("NO-SUCH-ENCODING")
    }
    #expect(throws: Never.self) { try TextDecoder.validateEncodingName("GBK") }
  }

  @Test("NUL bytes that survive decoding are dropped")
  func nulBytesDropped() throws {
    let decoded = try TextDecoder.decode(Array("[00:01.00]a\u{0}b\n".utf8))
    #expect(decoded.text == "[00:01.00]ab\n")
    let result = LRCParser.parse(utf8: decoded.utf8)
    #expect(result.lyrics.lines.map(\.text) == ["ab"])
  }

  @Test("a few NULs do not make a UTF-8 file UTF-16")
  func fewNULsStayUTF8() throws {
    var bytes = Array("[00:01.00]hello world\n[00:02.00]again\n".utf8)
    bytes.insert(0, at: 5)
    #expect(try TextDecoder.decode(bytes).encoding == .utf8)
  }

  @Test("random bytes always decode to some text without trapping", arguments: 0..<20)
  func randomBytes(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed))
    let count = Int.random(in: 0..<4096, using: &generator)
    let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let decoded = try TextDecoder.decode(bytes)
    #expect(String(validating: decoded.utf8, as: UTF8.self) != nil)
    #expect(!decoded.utf8.contains(0))
    _ = LRCParser.parse(utf8: decoded.utf8)
  }

  @Test("a file of UTF-8 and GBK halves is read, whatever the guess")
  func mixedEncodings() throws {
    let decoded = try TextDecoder.decode(try Fixture.bytes("mixed.lrc"))
    let result = LRCParser.parse(utf8: decoded.utf8)
    #expect(result.lyrics.lines.count >= 4)
    #expect(!result.hasErrors)
  }

  @Test("encodings show their usual names and reach iconv by the names it knows")
  func encodingNames() {
    #expect(TextEncoding.big5.name == "Big5")
    #expect(TextEncoding.big5.transcoderName == "BIG5")
    #expect(TextEncoding.windows1252.name == "windows-1252")
    #expect(TextEncoding.windows1252.transcoderName == "CP1252")
    #expect(TextEncoding.shiftJIS.transcoderName == "CP932")
    #expect(TextEncoding.eucKR.transcoderName == "CP949")
    #expect(TextEncoding.utf16LE.transcoderName == "UTF-16LE")
    #expect(TextEncoding.named("gbk").name == "gbk")
    #expect(TextEncoding.named("gbk").transcoderName == "gbk")
  }

  @Test(
    "only well-formed UTF-8 is read as UTF-8 (RFC 3629: no overlong forms, no surrogates)",
    arguments: [
      ([0xF0, 0x9F, 0x8E, 0xB5], true), ([0xF4, 0x8F, 0xBF, 0xBF], true),
      ([0xC0, 0xAF], false), ([0xE0, 0x80, 0xAF], false), ([0xED, 0xA0, 0x80], false),
      ([0xF4, 0x90, 0x80, 0x80], false), ([0xE4, 0xBD], false), ([0xFF], false),
    ] as [([UInt8], Bool)])
  func wellFormedUTF8(tail: [UInt8], valid: Bool) throws {
    let decoded = try TextDecoder.decode(Array("[00:01.00]a".utf8) + tail)
    #expect((decoded.encoding == .utf8) == valid)
  }
}
