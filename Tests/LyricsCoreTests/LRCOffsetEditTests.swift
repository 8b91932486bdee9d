import Foundation
import Testing

@testable import LyricsCore
@testable import LyricsFiles

/// Saving an offset into a lyrics file: the `[offset:]` tag changes, nothing else does.
@Suite struct LRCOffsetEditTests {
  private func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func theExistingTagIsRewrittenInPlace() throws {
    let file = "[ti:Song]\n[offset:+100]\n[00:01.00]one\n[00:02.00]two\n"
    let edited = try LRCOffsetEdit.setting(offsetMs: 250, in: utf8(file)).bytes
    #expect(text(edited) == "[ti:Song]\n[offset:250]\n[00:01.00]one\n[00:02.00]two\n")
    #expect(try LRCParser.parse(bytes: edited).result.lyrics.offsetMs == 250)
  }

  @Test func movingAddsToTheOffsetTheFileHasAndGivesTheLyricsAsTheyReadAfter() throws {
    let file = "[offset:+100]\n[00:01.00]one\n"
    let edited = try LRCOffsetEdit.moving(byMs: 150, in: utf8(file))
    #expect(text(edited.bytes) == "[offset:250]\n[00:01.00]one\n")
    #expect(edited.lyrics == LRCParser.parse(text(edited.bytes)).lyrics)
    #expect(edited.lyrics.offsetMs == 250)
  }

  @Test func theKeysSpellingAndTheOtherTagsOnItsLineStay() throws {
    let file = "[ti:x] [OFFSET: -30][ar:y]\r\n[00:01.00]one\r\n"
    let edited = try LRCOffsetEdit.setting(offsetMs: -120, in: utf8(file)).bytes
    #expect(text(edited) == "[ti:x] [OFFSET:-120][ar:y]\r\n[00:01.00]one\r\n")
  }

  @Test func theLastOfSeveralTagsIsTheOneThatCountsAndChanges() throws {
    let file = "[offset:10]\n[00:01.00]one\n[offset:20]\n"
    let edited = try LRCOffsetEdit.setting(offsetMs: 5, in: utf8(file)).bytes
    #expect(text(edited) == "[offset:10]\n[00:01.00]one\n[offset:5]\n")
  }

  @Test func withoutATagOneGoesBeforeTheFirstLyricLine() throws {
    let file = "# made by hand\n[ti:Song]\n[:]comment\n\n[00:01.00]one\n[00:02.00]two"
    let edited = try LRCOffsetEdit.setting(offsetMs: 300, in: utf8(file)).bytes
    #expect(
      text(edited)
        == "# made by hand\n[ti:Song]\n[:]comment\n\n[offset:300]\n[00:01.00]one\n[00:02.00]two")
  }

  @Test func aFileOfTagsOnlyGetsTheTagAtTheEnd() throws {
    let edited = try LRCOffsetEdit.setting(offsetMs: 40, in: utf8("[ti:Song]")).bytes
    #expect(text(edited) == "[ti:Song]\n[offset:40]\n")
  }

  @Test func theLineEndOfTheFileIsUsedForANewLine() throws {
    let edited = try LRCOffsetEdit.setting(offsetMs: 7, in: utf8("[ti:a]\r\n[00:01.00]one\r\n"))
      .bytes
    #expect(text(edited) == "[ti:a]\r\n[offset:7]\r\n[00:01.00]one\r\n")
  }

  /// Every fixture encoding: the file reads back with the new offset, in the same encoding, with
  /// the same lines, and taking the inserted line out gives the original bytes back.
  @Test(arguments: [
    "simplified.utf8.lrc", "simplified.utf8-bom.lrc", "simplified.gbk.lrc",
    "simplified.gb18030.lrc", "traditional.big5.lrc", "french.latin1.lrc",
    "simplified.utf16le-bom.lrc", "simplified.utf16be-bom.lrc", "simplified.utf16le.lrc",
    "simplified.utf16be.lrc", "simplified.utf32le-bom.lrc", "japanese.shift_jis.lrc",
    "japanese.euc-jp.lrc", "korean.euc-kr.lrc", "spanish.windows-1252.lrc",
  ])
  func everyEncodingKeepsItsBytes(fixture: String) throws {
    let original = try Fixture.bytes(fixture)
    let edited = try LRCOffsetEdit.setting(offsetMs: -450, in: original).bytes
    let before = try LRCParser.parse(bytes: original)
    let after = try LRCParser.parse(bytes: edited)
    #expect(after.decoded.encoding == before.decoded.encoding)
    #expect(after.result.lyrics.offsetMs == -450)
    #expect(after.result.lyrics.lines.map(\.text) == before.result.lyrics.lines.map(\.text))
    // What was added is one line: the tag and a line end in the file's encoding.
    let layout = try #require(
      EncodedLines(encoding: before.decoded.encoding, file: original, transcoder: .iconv))
    let added = try #require(layout.encode("[offset:-450]\n"))
    #expect(edited.count == original.count + added.count)
    let lines = layout.lines(of: edited)
    let inserted = try #require(
      lines.firstIndex { layout.decode($0.content, of: edited) == "[offset:-450]" })
    let line = lines[inserted]
    #expect(Array(edited[..<line.content.lowerBound] + edited[line.end.upperBound...]) == original)
  }

  @Test func aFileWithInvalidBytesIsLeftAlone() {
    // A UTF-8 BOM decides the encoding, and 0xFF is not UTF-8: decoding had to replace it.
    let file: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[00:01.00]a".utf8) + [0xFF, 0x0A]
    #expect(throws: LRCOffsetEdit.Refusal.self) {
      try LRCOffsetEdit.setting(offsetMs: 10, in: file)
    }
  }

  @Test func idTagLinesAreToldFromLyricLines() {
    #expect(LRCOffsetEdit.idTagGroups(in: "[ti:a][ar:b]")?.count == 2)
    #expect(LRCOffsetEdit.idTagGroups(in: "[00:01.00]text") == nil)
    #expect(LRCOffsetEdit.idTagGroups(in: "[ti:a] text") == nil)
    #expect(LRCOffsetEdit.idTagGroups(in: "[Chorus]") == nil)
    #expect(LRCOffsetEdit.idTagGroups(in: "") == nil)
  }
}
