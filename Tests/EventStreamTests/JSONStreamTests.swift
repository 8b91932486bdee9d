import EventStream
import Foundation
import SystemSupport
import TestSupport
import Testing

/// `JSONStream` (what `check --json` writes through) against `JSONBytes` and the documented
/// spelling (docs/cli.md): the same bytes whatever the buffer's size, every escape as written.
@Suite struct JSONStreamTests {
  /// Every kind of piece: literals, numbers of every width and sign, strings that need no escape,
  /// strings with every escaped byte, strings longer than a small buffer.
  struct Pieces: JSONDocument {
    var texts: [String]
    var numbers: [Int]

    func write<Sink: JSONSink>(to sink: inout Sink) {
      sink.append("{\"texts\": [")
      for (position, text) in texts.enumerated() {
        if position > 0 { sink.append(", ") }
        sink.appendQuoted(text)
      }
      sink.append("], \"numbers\": [")
      for (position, number) in numbers.enumerated() {
        if position > 0 { sink.append(", ") }
        sink.append(number)
      }
      sink.append("]}\n")
    }
  }

  static let controls = String(decoding: (0..<0x20).map { UInt8($0) } + [0x7F], as: UTF8.self)
  static let pieces = Pieces(
    texts: [
      "", "plain", "say \"hi\"", "back\\slash", controls, "你好 é 😀 \u{301}",
      "eight by", "sixteen bytes ok", "seventeen bytes!\"",
      String(repeating: "long 歌词 ", count: 40),
      String(repeating: "\u{1}\"\\", count: 30),
    ],
    numbers: [0, 7, -7, 9, 10, 99, 100, -100, 1_234_567_890, Int.min, Int.max])

  func streamed(_ document: some JSONDocument, capacity: Int) throws -> [UInt8] {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("out.json").path
      do {
        let file = try OutputFile(truncating: path)
        JSONStream.write(document, to: file, capacity: capacity)
      }
      return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }
  }

  @Test(
    "the stream writes what JSONBytes appends, whatever its buffer's size",
    arguments: [64, 100, 4096])
  func sameBytesAsAppending(capacity: Int) throws {
    let expected = JSONBytes(Self.pieces).bytes
    #expect(try streamed(Self.pieces, capacity: capacity) == expected)
  }

  @Test("the documented spelling: escapes, UTF-8 as it is, numbers in decimal")
  func documentedSpelling() {
    let text = JSONBytes(
      Pieces(texts: ["a\"b\\c\n\r\t", Self.controls, "你好 é"], numbers: [-5, 0])
    )
    .text
    #expect(
      text == #"{"texts": ["a\"b\\c\n\r\t", "#
        + #""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007"#
        + #"\u0008\t\n\u000b\u000c\r\u000e\u000f\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017"#
        + #"\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f\u007f", "你好 é"], "numbers": [-5, 0]}"#
        + "\n")
  }

  /// The eight-bytes-at-a-time check against the rule byte by byte: each byte value at each place
  /// of a 13-byte text (one whole block and an overlapping last one).
  @Test func escapedCountMatchesTheRuleForEveryByteAndPlace() {
    for value in 0...255 {
      for place in 0..<13 {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 13)
        bytes[place] = UInt8(value)
        let expected =
          switch UInt8(value) {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x0D, 0x09: 14
          case 0..<0x20, 0x7F: 18
          default: 13
          }
        let count = bytes.withUnsafeBufferPointer { JSONSpelling.escapedCount($0) }
        #expect(count == expected, "byte \(value) at \(place)")
        let short = bytes[..<3].withUnsafeBufferPointer { JSONSpelling.escapedCount($0) }
        #expect(short == (place < 3 ? expected - 10 : 3), "byte \(value) at \(place) of 3")
      }
    }
  }

  @Test func numbersAreSpeltAsSwiftSpellsThem() {
    var numbers = [0, 5, -5, Int.min, Int.max, Int.min + 1, 105, 1005, -2_000_009]
    var power = 1
    for _ in 0..<18 {
      power *= 10
      numbers += [power - 1, power, power + 1, -power, -(power - 1), power + power / 2]
    }
    for number in numbers {
      let spelt = [UInt8](unsafeUninitializedCapacity: 20) { buffer, count in
        count = buffer.baseAddress.map { JSONSpelling.writeDecimal(number, to: $0) } ?? 0
      }
      #expect(spelt == Array(String(number).utf8), "\(number)")
      #expect(JSONSpelling.decimalCount(number) == spelt.count, "\(number)")
    }
  }
}
