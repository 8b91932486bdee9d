import FoundationEssentials
import LyricsContainers
import LyricsCore
import Testing

@testable import ProviderAnswers

@Suite("Kugou download answers")
struct KugouDownloadAnswerTests {
  func read(_ json: String) throws(ProviderAnswerError) -> ProviderLyricsAnswer {
    try KugouDownloadAnswer.read(Array(json.utf8))
  }

  func answer(fmt: String, content: [UInt8]) -> String {
    #"{"status": 200, "info": "OK", "error_code": 0, "fmt": "\#(fmt)", "content": ""#
      + Data(content).base64EncodedString() + #""}"#
  }

  func isMalformed(_ body: String) -> Bool {
    do {
      _ = try read(body)
      return false
    } catch {
      if case .malformed = error { return true }
      return false
    }
  }

  @Test func krcIsReadWithItsWordsTranslationAndRomanisation() throws {
    let answer = try KugouDownloadAnswer.read(Fixture.bytes("kugou-download-krc.json"))
    guard case .lyrics(let found) = answer else {
      Issue.record("expected lyrics, got \(answer)")
      return
    }
    #expect(found.format == .krc)
    #expect(found.isWordTimed && found.isTranslated)
    let lines = found.lyrics.lines
    #expect(lines.map(\.ms) == InventedSong.starts)
    #expect(lines.map(\.text) == InventedSong.texts)
    #expect(lines.map(\.translation) == InventedSong.translations)
    #expect(lines.map(\.romanisation) == InventedSong.romanisations)
    #expect(lines[0].words.map(\.text) == ["纸船", "漂过", "安静的", "河"])
    #expect(lines[0].words.map(\.ms) == [1000, 1600, 2400, 3200])
    #expect(found.lyrics.title == "纸船与灯塔")
    #expect(!found.result.hasErrors)
  }

  @Test func lrcIsReadAsLRC() throws {
    let answer = try KugouDownloadAnswer.read(Fixture.bytes("kugou-download-lrc.json"))
    guard case .lyrics(let found) = answer else {
      Issue.record("expected lyrics, got \(answer)")
      return
    }
    #expect(found.format == .lrc)
    #expect(!found.isWordTimed)
    #expect(found.lyrics.lines.map(\.ms) == InventedSong.starts)
    #expect(found.lyrics.lines.map(\.text) == InventedSong.texts)
  }

  @Test func anAnswerThatNamesNoFormatIsToldByTheKRCMagic() throws {
    let packed = try BinaryKRC.encode("[1000,500]<0,500,0>一")
    let krc = try read(#"{"status": 200, "content": "\#(Data(packed).base64EncodedString())"}"#)
    guard case .lyrics(let found) = krc else {
      Issue.record("expected lyrics, got \(krc)")
      return
    }
    #expect(found.format == .krc)
    let text = Data(Array("[00:01.00]一\n".utf8)).base64EncodedString()
    guard case .lyrics(let lrc) = try read(#"{"status": 200, "content": "\#(text)"}"#) else {
      Issue.record("expected LRC lyrics")
      return
    }
    #expect(lrc.format == .lrc)
  }

  @Test(arguments: [
    #"{"status": 200, "info": "OK", "fmt": "krc", "content": ""}"#,
    #"{"status": 200, "info": "OK", "fmt": "krc"}"#,
    #"{"status": 200, "fmt": "lrc", "content": "\#(Data("\n\n".utf8).base64EncodedString())"}"#,
  ])
  func noContentIsNoLyrics(json: String) throws {
    #expect(try read(json) == .noLyrics)
  }

  @Test func aStatusOtherThan200IsAFailure() {
    #expect(throws: ProviderAnswerError.failed(code: 404, message: "not found")) {
      try read(#"{"status": 404, "info": "not found", "error_code": 404}"#)
    }
  }

  @Test func contentThatIsNotBase64IsMalformed() {
    #expect(isMalformed(#"{"status": 200, "fmt": "krc", "content": "a2Jj*not base64*"}"#))
  }

  @Test func aTruncatedKRCIsMalformed() throws {
    let packed = try BinaryKRC.encode(
      (0..<40).map { "[\($0 * 1000),900]<0,900,0>第\($0)行" }.joined(separator: "\n"))
    #expect(isMalformed(answer(fmt: "krc", content: Array(packed.prefix(packed.count / 2)))))
    #expect(isMalformed(answer(fmt: "krc", content: Array(packed.prefix(4)))))
  }

  @Test func krcContentWithoutTheMagicIsMalformed() {
    #expect(isMalformed(answer(fmt: "krc", content: Array("[00:01.00]not packed".utf8))))
  }

  /// `contenttype` 2: the content is text, not the binary KRC, whatever `fmt` says; it is read
  /// as the text it is (timed or not), where it used to be refused as a KRC without its magic.
  @Test func contentType2IsTextEvenWhenTheFormatSaysKRC() throws {
    func read(contentType: Int, _ text: String) throws -> ProviderLyrics {
      let base64 = Data(Array(text.utf8)).base64EncodedString()
      let answer = try self.read(
        #"{"status": 200, "fmt": "krc", "contenttype": \#(contentType), "content": ""#
          + base64 + #""}"#)
      guard case .lyrics(let found) = answer else { throw Unexpected(answer: answer) }
      return found
    }
    let timed = try read(contentType: 2, "[00:01.00]河面的光\n[00:03.50]远处的灯\n")
    #expect(timed.format == .lrc)
    #expect(timed.lyrics.lines.map(\.ms) == [1_000, 3_500])
    let plain = try read(contentType: 2, "河面的光\n远处的灯")
    #expect(plain.lyrics.lines.isEmpty)
    #expect(plain.lyrics.untimedText == "河面的光\n远处的灯")
    // The same text under another content type is still a KRC without its magic.
    #expect(throws: ProviderAnswerError.self) { try read(contentType: 0, "[00:01.00]一\n") }
    // A real KRC marked 2 is still read as KRC.
    let packed = try BinaryKRC.encode("[1000,500]<0,500,0>一")
    let krc = try self.read(
      #"{"status": 200, "fmt": "krc", "contenttype": 2, "content": ""#
        + Data(packed).base64EncodedString() + #""}"#)
    guard case .lyrics(let found) = krc else { throw Unexpected(answer: krc) }
    #expect(found.format == .krc)
  }

  struct Unexpected: Error {
    var answer: ProviderLyricsAnswer
  }

  @Test func aKRCWithNoTimedLineIsMalformed() throws {
    #expect(isMalformed(answer(fmt: "krc", content: try BinaryKRC.encode("[ti:只有标题]\n"))))
  }

  @Test func anUnknownFormatIsMalformed() {
    #expect(isMalformed(answer(fmt: "qrc", content: Array("x".utf8))))
  }

  @Test func lrcThatIsNotUTF8ReachesTheReaderRepaired() throws {
    let answer = try read(answer(fmt: "lrc", content: Array("[00:01.00]a".utf8) + [0xFF, 0xFE]))
    guard case .lyrics(let found) = answer else {
      Issue.record("expected lyrics, got \(answer)")
      return
    }
    #expect(found.lyrics.lines.first?.text == "a\u{FFFD}\u{FFFD}")
  }
}
