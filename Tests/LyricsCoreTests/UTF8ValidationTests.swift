import TestSupport
import Testing

@testable import LyricsCore

@Suite("UTF-8 validation")
struct UTF8ValidationTests {
  @Test(
    "edge cases of RFC 3629",
    arguments: [
      ([0x61, 0x62], true), ([0xC3, 0xA9], true), ([0xE4, 0xBD, 0xA0], true),
      ([0xF0, 0x9F, 0x8E, 0xB5], true), ([0xEF, 0xBF, 0xBF], true),
      ([0xF4, 0x8F, 0xBF, 0xBF], true),
      ([0xC0, 0xAF], false),  // overlong
      ([0xE0, 0x80, 0xAF], false),  // overlong
      ([0xF0, 0x80, 0x80, 0xAF], false),  // overlong
      ([0xED, 0xA0, 0x80], false),  // surrogate
      ([0xF4, 0x90, 0x80, 0x80], false),  // above U+10FFFF
      ([0xE4, 0xBD], false),  // truncated
      ([0xE4, 0x41, 0xA0], false),  // bad continuation
      ([0x80], false), ([0xFF], false), ([], true),
    ] as [([UInt8], Bool)])
  func edgeCases(bytes: [UInt8], valid: Bool) {
    #expect(UTF8Validation.isValid(bytes) == valid)
    #expect(UTF8Validation.isValid(bytes) == (String(validating: bytes, as: UTF8.self) != nil))
  }

  @Test("agrees with the standard library on random mixes of valid and broken text")
  func agreesWithStandardLibrary() {
    var generator = SeededGenerator(seed: 7)
    let pieces: [[UInt8]] = [
      Array("[00:01.00]abc ".utf8), Array("你好".utf8), Array("é".utf8), Array("🎵".utf8),
      [0xE4], [0xBD], [0xC0, 0x80], [0xED, 0xB0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x00],
      Array("plain ascii text of some length".utf8), Array("abc\0defghij".utf8),
      Array("月亮代表我的心".utf8),
    ]
    for _ in 0..<2000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...12, using: &generator) {
        bytes += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
      }
      let valid = String(validating: bytes, as: UTF8.self) != nil
      #expect(UTF8Validation.isValid(bytes) == valid, "\(bytes)")
      #expect(
        UTF8Validation.isValid(bytes, allowingNUL: false) == (valid && !bytes.contains(0)),
        "without NUL: \(bytes)")
    }
  }
}
