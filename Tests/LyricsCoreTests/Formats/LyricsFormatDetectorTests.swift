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
}
