import Testing

@testable import ProviderAnswers

/// One line of the AMLL database's index, in each shape it may come in (invented lines).
@Suite("AMLL index lines")
struct AMLLIndexLineTests {
  func read(_ json: String) throws(ProviderAnswerError) -> AMLLIndexEntry {
    try AMLLIndexLine.read(Array(json.utf8))
  }

  @Test func keyValuePairsAsPeersDecodeThem() throws {
    let entry = try read(
      #"{"metadata":[["musicName",["纸船与灯塔","Paper Boat"]],["artists",["林间回声","白鹭"]],"#
        + #"["album",["河岸集"]],["ncmMusicId",["90000001"]],["qqMusicId",["x1"]]],"#
        + #""rawLyricFile":"1700-a-b.ttml"}"#)
    #expect(
      entry
        == AMLLIndexEntry(
          titles: ["纸船与灯塔", "Paper Boat"], artists: ["林间回声", "白鹭"], albums: ["河岸集"],
          neteaseIds: ["90000001"], rawLyricFile: "1700-a-b.ttml"))
    #expect(entry.lyricsPath == "ncm-lyrics/90000001.ttml")
  }

  @Test func metadataAsAnObjectArtistsAsObjectsAndAnIdAsANumber() throws {
    let entry = try read(
      #"{"metadata":{"musicName":"雾中的站台","artists":[{"name":"北方信号"},{"name":"白鹭"}],"#
        + #""ncmMusicId":90000004}}"#)
    #expect(entry.titles == ["雾中的站台"])
    #expect(entry.artists == ["北方信号", "白鹭"])
    #expect(entry.neteaseIds == ["90000004"])
  }

  @Test func fieldsAtTheTopLevelAndADurationInMilliseconds() throws {
    let entry = try read(
      #"{"musicName":["雨后的秋千"],"artists":"晴川","rawLyricFile":"1700-c-d.ttml","#
        + #""duration":185000.4}"#)
    #expect(entry.titles == ["雨后的秋千"])
    #expect(entry.artists == ["晴川"])
    #expect(entry.durationMs == 185_000)
    #expect(entry.lyricsPath == "raw-lyrics/1700-c-d.ttml")
  }

  @Test func anIdThatIsNotDigitsOrAFileNameThatClimbsOutIsNotFetched() throws {
    // Either would go into the URL's path.
    #expect(throws: ProviderAnswerError.self) {
      try read(#"{"musicName":"t","artists":"a","ncmMusicId":"../../etc/passwd"}"#)
    }
    #expect(throws: ProviderAnswerError.self) {
      try read(#"{"musicName":"t","artists":"a","rawLyricFile":"../secret.ttml"}"#)
    }
    let entry = try read(
      #"{"musicName":"t","artists":"a","ncmMusicId":["12a","345"],"rawLyricFile":"a/b"}"#)
    #expect(entry.neteaseIds == ["345"])
    #expect(entry.rawLyricFile == nil)
  }

  @Test(arguments: [
    "", "not json", "[]", "42", #"{"artists":"a","ncmMusicId":"1"}"#,
    #"{"musicName":"  ","ncmMusicId":"1"}"#, #"{"musicName":"t","artists":"a"}"#,
    #"{"metadata":[["musicName"]],"ncmMusicId":"1"}"#, #"{"musicName":"t","#,
  ])
  func aLineThatIsNotAnEntryIsMalformed(line: String) {
    #expect {
      try read(line)
    } throws: { error in
      guard case .malformed = error as? ProviderAnswerError else { return false }
      return true
    }
  }

  /// The fuzzer's seed (`Fixtures/amll-index.jsonl`) reads as its lines say: every shape, one
  /// line that is not JSON, one blank line.
  @Test func theSeedIndexReadsLineByLine() throws {
    let lines = try Fixture.bytes("amll-index.jsonl").split(separator: UInt8(ascii: "\n"))
    let read = lines.map { try? AMLLIndexLine.read(Array($0)) }
    #expect(lines.count == 7)
    #expect(read.compactMap { $0 }.count == 6)
    #expect(read[3] == nil)
    #expect(
      read.compactMap { $0 }.compactMap(\.lyricsPath).contains(
        "raw-lyrics/1700000003000-inventor-d4e5f6a7.ttml")
    )
  }
}
