import Testing

@testable import LyricsCore
@testable import LyricsFiles

/// Files that are not UTF: the encoding is guessed from how each candidate's text reads
/// (`EncodingScorer`), and the guess is named in a warning.
@Suite("Encoding guess")
struct EncodingGuessTests {
  @Test(
    "Japanese, Korean and Western files read as they were written",
    arguments: [
      ("japanese.shift_jis.lrc", "japanese.utf8.lrc", "Shift_JIS"),
      ("japanese.euc-jp.lrc", "japanese-euc.utf8.lrc", "EUC-JP"),
      ("korean.euc-kr.lrc", "korean.utf8.lrc", "EUC-KR"),
      ("spanish.windows-1252.lrc", "spanish.utf8.lrc", "windows-1252"),
      ("simplified.gbk.lrc", "simplified.utf8.lrc", "GB18030"),
      ("traditional.big5.lrc", "traditional.utf8.lrc", "Big5"),
    ])
  func readsWhole(file: String, source: String, encoding: String) throws {
    let decoded = try TextDecoder.decode(try Fixture.bytes(file))
    #expect(decoded.encoding.name == encoding)
    #expect(decoded.text == String(decoding: try Fixture.bytes(source), as: UTF8.self))
  }

  /// The hard case for a guess: one line has little text to go on. Every line with non-ASCII
  /// text of each fixture, alone in a file of its own, still reads right.
  @Test(
    "each line alone reads right",
    arguments: [
      ("japanese.utf8.lrc", "CP932", "Shift_JIS"),
      ("japanese.utf8.lrc", "EUC-JP", "EUC-JP"),
      ("japanese-euc.utf8.lrc", "EUC-JP", "EUC-JP"),
      ("japanese-euc.utf8.lrc", "CP932", "Shift_JIS"),
      ("korean.utf8.lrc", "EUC-KR", "EUC-KR"),
      ("spanish.utf8.lrc", "WINDOWS-1252", "windows-1252"),
      ("french.utf8.lrc", "WINDOWS-1252", "windows-1252"),
      ("simplified.utf8.lrc", "GBK", "GB18030"),
      ("traditional.utf8.lrc", "BIG5", "Big5"),
    ])
  func readsLineByLine(source: String, iconvName: String, encoding: String) throws {
    let text = String(decoding: try Fixture.bytes(source), as: UTF8.self)
    let encoder = try IconvTranscoder().converter(from: "UTF-8", to: iconvName)
    for line in text.split(separator: "\n") where !line.allSatisfy(\.isASCII) {
      let bytes = try encoder.convert(Array(line.utf8), lenient: false).bytes
      let decoded = try TextDecoder.decode(bytes)
      #expect(decoded.encoding.name == encoding, "\(line)")
      #expect(decoded.text == String(line), "\(line)")
    }
  }

  @Test("windows-1252's curly quotes and ellipsis are punctuation, not C1 controls")
  func windows1252Punctuation() throws {
    let decoded = try TextDecoder.decode(try Fixture.bytes("spanish.windows-1252.lrc"))
    #expect(decoded.text.contains("“Vuelve pronto”, me dijo… y se fue"))
    #expect(!decoded.text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
  }

  @Test("one accented letter before a letter is Western text, not Big5")
  func oneAccentedLetter() throws {
    // "ó" is 0xF3 in windows-1252; with the "n" after it, 0xF3 0x6E is also a Big5 pair.
    let bytes = Array("[00:01.00]Arm".utf8) + [0xF3] + Array("nica\n".utf8)
    let decoded = try TextDecoder.decode(bytes)
    #expect(decoded.encoding.name == "windows-1252")
    #expect(decoded.text == "[00:01.00]Armónica\n")
  }

  @Test("a guessed encoding is named in a warning; UTF is not")
  func guessWarning() throws {
    let guessed = try LRCParser.parse(bytes: try Fixture.bytes("japanese.shift_jis.lrc"))
    let warning = try #require(guessed.result.diagnostics.first)
    #expect(warning.severity == .warning && warning.line == 0)
    #expect(warning.message.contains("Shift_JIS"))
    for file in ["japanese.utf8.lrc", "simplified.utf16le.lrc", "simplified.utf16be-bom.lrc"] {
      let utf = try LRCParser.parse(bytes: try Fixture.bytes(file))
      #expect(utf.result.diagnostics.isEmpty, "\(file)")
    }
  }

  @Test("--encoding wins over the guess, with no warning about a guess")
  func forcedEncodingWins() throws {
    let bytes = try Fixture.bytes("korean.euc-kr.lrc")
    let forced = try LRCParser.parse(bytes: bytes, encoding: "EUC-JP")
    #expect(forced.decoded.encoding == .named("EUC-JP"))
    #expect(!forced.result.diagnostics.contains { $0.message.contains("guess") })
  }

  @Test("a UTF-8 file with one bad byte stays UTF-8, the byte replaced and reported")
  func utf8WithABadByte() throws {
    // Before the guess scored its candidates, this file went to Latin-1 whole: 你好 as
    // `ä½ å¥½`.
    let bytes = Array("[00:01.00]你好 world\n[00:02.00]bad ".utf8) + [0xFF] + Array(" byte\n".utf8)
    let parsed = try LRCParser.parse(bytes: bytes)
    #expect(parsed.decoded.encoding == .utf8)
    #expect(parsed.result.lyrics.lines.map(\.text) == ["你好 world", "bad \u{FFFD} byte"])
    #expect(
      parsed.result.diagnostics.map(\.message) == ["1 byte(s) invalid in UTF-8 replaced by U+FFFD"])
  }
}
