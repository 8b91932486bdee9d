import LyricsContainers
import LyricsCore
import Testing

@testable import LyricsContainers

/// The TTML shapes real files showed (issue 23, class 5), on fixtures written for lyricpip.
@Suite("TTML as real files write it")
struct TTMLRealFileTests {
  @Test(
    "UTF-16 TTML, with a BOM or without, is told and read",
    arguments: [
      ("utf16le-bom.ttml", "UTF-16LE"), ("utf16be-nobom.ttml", "UTF-16BE"),
    ])
  func utf16(file: String, encoding: String) throws {
    let bytes = try Fixture.bytes(file)
    #expect(LyricsFormatDetector.detect(bytes).container == .ttmlXML)
    let document = try readFixture(file)
    #expect(document.format == .ttml && document.encoding == encoding)
    #expect(!document.result.hasErrors, "\(document.result.diagnostics)")
    #expect(document.result.lyrics.lines.map(\.text) == ["月亮代表我的心", "Déjà vu"])
    #expect(document.result.lyrics.lines.map(\.ms) == [1000, 3500])
  }

  @Test("UTF-16 text that does not open with '<' stays text")
  func utf16Text() {
    let lrc = "[00:01.00]<b>月</b>\n"
    let little: [UInt8] = [0xFF, 0xFE] + lrc.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let big: [UInt8] = lrc.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    #expect(LyricsFormatDetector.detect(little).container == .text)
    #expect(LyricsFormatDetector.detect(big).container == .text)
  }

  @Test("UTF-32 TTML with a BOM is read")
  func utf32() throws {
    let text = "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><p begin=\"1\">Ünï</p></body></tt>"
    var bytes: [UInt8] = [0xFF, 0xFE, 0x00, 0x00]
    for scalar in text.unicodeScalars {
      let value = scalar.value
      bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), 0]
    }
    let document = try read(bytes)
    #expect(document.format == .ttml && document.encoding == "UTF-32LE")
    #expect(document.result.lyrics.lines.map(\.text) == ["Ünï"])
  }

  @Test("background vocals keep their own translation and romanisation")
  func backgroundTranslation() throws {
    let document = try readFixture("background-translation.ttml")
    #expect(!document.result.hasErrors, "\(document.result.diagnostics)")
    let lines = document.result.lyrics.lines
    try #require(lines.count == 2)
    #expect(lines[0].text == "달빛 아래" && lines[0].translation == "Under the moonlight")
    #expect(lines[0].romanisation == "dalbit arae")
    let first = try #require(lines[0].background)
    #expect(first.text == "(함께 가자)" && first.words.map(\.ms) == [2200, 2600])
    #expect(first.translation == "(let's go together)" && first.romanisation == "(hamkke gaja)")
    // From the sidecar: the x-bg span inside `<text for="L2">` is the background's.
    #expect(lines[1].translation == "Stay here")
    #expect(lines[1].background?.translation == "(stay with me)")
    #expect(lines[1].background?.romanisation == nil)
  }

  @Test("the writer keeps the background's translation and romanisation")
  func backgroundRoundTrip() throws {
    let lyrics = try readFixture("background-translation.ttml").result.lyrics
    let back = try read(Array(TTMLWriter.write(lyrics).utf8)).result.lyrics
    #expect(back.lines.map(\.background) == lyrics.lines.map(\.background))
    #expect(back.lines[0].background?.romanisation == "(hamkke gaja)")
  }

  @Test("ruby shows its base text, not the reading")
  func ruby() throws {
    let document = try readFixture("ruby.ttml")
    let lines = document.result.lyrics.lines
    #expect(lines.map(\.text) == ["所詮", "夢を見た"])
    #expect(lines[0].words.map(\.text) == ["所", "詮"])
  }

  @Test("frame times, with a multiplier and sub-frames")
  func frames() throws {
    let lines = try readFixture("frames.ttml").result.lyrics.lines
    #expect(lines.map(\.text) == ["Frame one", "Frame two"])
    // 15 frames at 30 × 1000/1001 a second are 500.5 ms; half a frame (sub-frame 1 of 2) 16.7.
    #expect(lines.map(\.ms) == [1501, 3017])
    #expect(lines.map(\.endMs) == [3000, 5005])
  }

  @Test("tick times")
  func ticks() throws {
    let lines = try readFixture("ticks.ttml").result.lyrics.lines
    #expect(lines.map(\.ms) == [1250, 3000] && lines.map(\.endMs) == [3000, 4500])
    #expect(lines[1].words.map(\.ms) == [3000, 3750])
    #expect(lines[1].words.map(\.endMs) == [3750, 4500])
  }

  @Test(
    "frame and tick expressions",
    arguments: [
      ("00:00:01:15", 1500), ("01:00:00:00", 3_600_000), ("12f", 400), ("3t", 3000),
      ("00:01:02:15.1", 62_517),
    ])
  func frameExpressions(text: String, ms: Int) {
    var base = TTMLTimeBase()
    base.subFrameRate = 2
    #expect(TTMLTime.parse(text, base: base) == ms)
  }

  @Test("not frame times", arguments: ["00:00:01.5:10", "1:2:3:4:5", "00:00:01:x", "f", "t"])
  func notFrameTimes(text: String) {
    #expect(TTMLTime.parse(text) == nil)
  }

  @Test(
    "several translations: the user's language, else the first, with a warning",
    arguments: [
      ("zh_CN.UTF-8", "春风", 14), ("zh_TW.UTF-8", "春風（繁）", 11), ("zh-Hans", "春风", 14),
      ("en_GB.UTF-8", "Spring wind", 8), ("fr_FR.UTF-8", "Spring wind", 8),
      ("C", "Spring wind", 8), ("zh_SG", "春风", 14), ("zh", "春風（繁）", 11),
    ] as [(String, String, Int)])
  func translations(locale: String, expected: String, line: Int) throws {
    let bytes = try Fixture.bytes("translations.ttml")
    let preferred = TTMLLanguage.preferred(["LANG": locale])
    let result = try TTMLParser.parse(bytes, locale: preferred)
    #expect(result.lyrics.lines.first?.translation == expected)
    #expect(result.diagnostics.count == 1)
    let warning = try #require(result.diagnostics.first)
    #expect(warning.severity == .warning && warning.line == line)
    #expect(warning.message.contains("3 translations"), "\(warning.message)")
  }

  @Test("the locale comes from LC_ALL, else LC_MESSAGES, else LANG")
  func localeOrder() {
    #expect(TTMLLanguage.preferred(["LANG": "en_US", "LC_MESSAGES": "ja_JP.UTF-8"]) == "ja_JP")
    #expect(
      TTMLLanguage.preferred(["LANG": "en_US", "LC_ALL": "ko_KR@x", "LC_MESSAGES": "ja"])
        == "ko_KR")
    #expect(TTMLLanguage.preferred(["LANG": "POSIX"]) == nil)
    #expect(TTMLLanguage.preferred(["LC_ALL": "", "LANG": "de_DE"]) == "de_DE")
  }

  @Test("a diagnostic names the element's own line, not where the parser had read to")
  func elementLine() throws {
    var text = """
      <tt xmlns="http://www.w3.org/ns/ttml"><body><div>
      <p begin="1" end="2">one</p>
      <p end="3">no begin</p>

      """
    for index in 0..<400 { text += "<p begin=\"\(index + 5)\">line \(index)</p>\n" }
    text += "</div></body></tt>\n"
    let diagnostics = try read(Array(text.utf8)).result.diagnostics
    #expect(diagnostics.map(\.line) == [3], "\(diagnostics)")
  }
}
