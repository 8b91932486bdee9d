import Testing

@testable import LyricsCore

@Suite("Format detection")
struct LyricsFormatDetectorTests {
  @Test(
    "by content",
    arguments: [
      ("[ti:x]\n[00:01.00]plain", LyricsFormat.lrc),
      ("[12:00.00]minutes may exceed 59: [75:00.00] is fine too", .lrc),
      ("[language:en]\n[00:01.00]plain", .lrc),
      ("{\"note\": untagged}\n[00:01.00]plain", .lrc),
      ("[00:08.00][00:10.00]several stamps", .lrc),
      ("[00:01.00]<00:01.00>a <00:01.50>b", .enhancedLRC),
      ("[ar:x]\n[1000,500]<0,500,0>a", .krc),
      ("[language:\(String(repeating: "QUJD", count: 20000))]\n[1000,500]<0,500,0>a", .krc),
      ("[1000,500]a(1000,500)", .qrc),
      ("{\"t\":0,\"c\":[]}\n[1000,500](1000,500,0)a", .yrc),
      ("[1000,500](1000,500,0)a", .yrc),
      ("[00:01.00]a[00:01.50] b[00:02.00]", .eslyric),
      ("[00:01.00]a\n[00:01.00][tt]<0,0><500,1>", .lrcx),
      ("<?xml version=\"1.0\"?><tt xmlns=\"http://www.w3.org/ns/ttml\"/>", .ttml),
      ("{\"data\":[{\"attributes\":{\"ttml\":\"<tt/>\"}}]}", .ttml),
      ("version: '1.0'\nlines: []\n", .lyricsfile),
      ("<QrcInfos><Lyric_1 LyricContent=\"\"/></QrcInfos>", .qrc),
    ])
  func detects(text: String, format: LyricsFormat) {
    #expect(LyricsFormatDetector.detect(Array(text.utf8)).format == format)
  }

  @Test("binary KRC by its magic")
  func binaryKRC() {
    let detected = LyricsFormatDetector.detect(Array("krc1".utf8) + [0x01, 0x02])
    #expect(detected.format == .krc && detected.container == .binaryKRC)
  }

  @Test(
    "a line of bare stamps is LRC, and one stray line does not switch a file's format",
    arguments: [
      ("[00:01.00]a\n[00:02.00][00:03.00][00:04.00]\n[00:05.00][00:06.00]b", LyricsFormat.lrc),
      ("[00:02.00][00:03.00][00:04.00][00:05.00]", .lrc),
      ("[00:01.00]a\n[00:02.00]b\n[00:03.00]c at [00:04.00]\n[00:05.00]d", .lrc),
      ("[00:01.00]a[00:01.50] b[00:02.00]\n[00:03.00]c[00:03.50]\n[00:04.00]d", .eslyric),
      ("[00:01.00]a[00:01.50]\n[00:02.00][00:03.00][00:04.00]\n[00:05.00]b[00:05.50]", .eslyric),
    ])
  func majority(text: String, format: LyricsFormat) {
    #expect(LyricsFormatDetector.detect(Array(text.utf8)).format == format)
  }

  @Test("an LRC file with a line of three bare stamps keeps every stamp of every line")
  func bareStampsFixture() throws {
    let bytes = try Fixture.bytes("bare-stamps.lrc")
    let format = LyricsFormatDetector.detect(bytes).format
    #expect(format == .lrc)
    let result = try #require(LyricsTextFormats.parse(utf8: bytes, as: format))
    #expect(!result.hasErrors)
    #expect(result.lyrics.lines.count == 31)
    let chorus = result.lyrics.lines.filter { $0.text == "Come back, come back to the harbour" }
    #expect(chorus.map(\.ms) == [24_100, 58_400, 82_400, 96_000, 144_500])
    #expect(result.lyrics.lines.filter { $0.text.isEmpty }.count == 6)
  }

  @Test("a line full of '[' is voted on in linear time")
  func manyBrackets() {
    // Each `[0:` opens what could be a stamp; looking for its `]` to the end of the line from
    // every one would take seconds.
    let text = "[00:01.00]a" + String(repeating: "[0:", count: 20_000) + "[00:02.00]"
    let start = ContinuousClock.now
    #expect(LyricsFormatDetector.detect(Array(text.utf8)).format == .eslyric)
    #expect(ContinuousClock.now - start < .seconds(2))
  }

  /// The lines found on bytes are the lines the `Character` split gave, on text where the two
  /// could differ: CR LF, lone CRs, empty lines, a combining mark or a zero-width joiner right
  /// after a line end, a prepended mark (U+0600) or an emoji right before one, a replacement
  /// character from a cut sequence.
  @Test(
    "lines are split as Characters would be",
    arguments: [
      "", "\n", "\r\n\r\n", "a", "a\r\nb\rc\nd", "\n\na\n\n", "a\r\r\nb",
      "[00:01.00]a\n\u{301}b\r\n\u{200D}c", "\u{600}\n[00:01.00]x\u{600}\r\ny",
      "😀\r\n👍🏽\n\u{1F1EF}\u{1F1F5}\r", "歌词\n\u{FFFD}\r\n\t \n",
    ])
  func linesAsCharacters(text: String) {
    let characterSplit = text.split(omittingEmptySubsequences: true) {
      $0 == "\n" || $0 == "\r" || $0 == "\r\n"
    }
    let lines = LyricsFormatDetector.nonEmptyLines(text)
    #expect(lines.map(Array.init) == characterSplit.map(Array.init))
    #expect(
      lines.map { Array($0.unicodeScalars) } == characterSplit.map { Array($0.unicodeScalars) })
  }
}
