import LyricsCore
import Testing

@testable import ProviderAnswers

@Suite("NetEase lyrics answers")
struct NetEaseLyricAnswerTests {
  func read(_ json: String) throws(ProviderAnswerError) -> ProviderLyricsAnswer {
    try NetEaseLyricAnswer.read(Array(json.utf8))
  }

  func lyrics(_ answer: ProviderLyricsAnswer) throws -> ProviderLyrics {
    guard case .lyrics(let found) = answer else {
      throw Unexpected(answer: answer)
    }
    return found
  }

  struct Unexpected: Error {
    var answer: ProviderLyricsAnswer
  }

  static let credits = [
    LyricCredit(ms: 0, text: "作词: 林间回声"), LyricCredit(ms: 500, text: "作曲: 江小舟"),
  ]

  @Test func yrcIsChosenWithItsTranslationAndRomanisationWithinTheTolerance() throws {
    let found = try lyrics(NetEaseLyricAnswer.read(Fixture.bytes("netease-lyric-yrc.json")))
    #expect(found.format == .yrc)
    #expect(found.isWordTimed)
    let lines = found.lyrics.lines
    #expect(lines.map(\.ms) == InventedSong.starts)
    #expect(lines.map(\.text) == InventedSong.texts)
    // ytlrc is 30 ms after each line, yromalrc 40 ms before: both still pair.
    #expect(lines.map(\.translation) == InventedSong.translations)
    #expect(lines.map(\.romanisation) == InventedSong.romanisations)
    #expect(lines[1].words.map(\.ms) == [4500, 5200, 5500, 6400])
    #expect(found.lyrics.credits == Self.credits)
    #expect(found.result.diagnostics.isEmpty)
  }

  @Test func lrcIsReadWithColonStampsCreditsTranslationAndRomanisation() throws {
    let found = try lyrics(NetEaseLyricAnswer.read(Fixture.bytes("netease-lyric-lrc.json")))
    #expect(found.format == .lrc)
    #expect(!found.isWordTimed)
    let lines = found.lyrics.lines
    #expect(lines.map(\.ms) == InventedSong.starts)  // written [00:04:50]
    #expect(lines.map(\.text) == InventedSong.texts)
    #expect(lines.map(\.translation) == InventedSong.translations)
    #expect(lines.map(\.romanisation) == InventedSong.romanisations)
    #expect(found.lyrics.credits == Self.credits)
    // The credit lines never reach the LRC reader as untagged text.
    #expect(found.result.diagnostics.isEmpty)
  }

  /// Some answers write three-digit milliseconds after a second colon (`[00:04:505]`): they are
  /// milliseconds, in the lyric and in its translation, which then pair (read as hours,
  /// minutes and seconds they were 4 hours late and paired with nothing).
  @Test func threeDigitColonStampsAreMilliseconds() throws {
    let found = try lyrics(
      read(
        #"{"code": 200, "lrc": {"lyric": "[00:04:505]河面的光\n[01:02:030]远处的灯\n"},"#
          + #" "tlyric": {"lyric": "[00:04:505]Light on the river\n[01:02:030]A far lamp\n"}}"#
      ))
    #expect(found.lyrics.lines.map(\.ms) == [4_505, 62_030])
    #expect(found.lyrics.lines.map(\.translation) == ["Light on the river", "A far lamp"])
    #expect(found.result.diagnostics.isEmpty)
  }

  @Test func aYRCWithoutATimedLineGivesWayToTheLRC() throws {
    let found = try lyrics(
      read(
        #"{"code": 200, "yrc": {"lyric": "{\"t\":0,\"c\":[{\"tx\":\"只有署名\"}]}\n"},"#
          + #" "lrc": {"lyric": "[00:01.00]一行\n"}}"#))
    #expect(found.format == .lrc)
    #expect(found.lyrics.lines.map(\.text) == ["一行"])
  }

  @Test func aSidecarLineFarFromEveryLineIsLeftOutWithAWarning() throws {
    let found = try lyrics(
      read(
        #"{"code": 200, "lrc": {"lyric": "[00:01.00]一\n[00:05.00]二\n"},"#
          + #" "tlyric": {"lyric": "[00:01.00]one\n[00:03.00]stray\n[00:05.00]//\n"}}"#))
    #expect(found.lyrics.lines.map(\.translation) == ["one", nil])
    #expect(
      found.result.diagnostics.map(\.message) == [
        "1 translation line(s) match no lyric line's time"
      ])
  }

  @Test func thePureMusicLineIsInstrumental() throws {
    #expect(
      try NetEaseLyricAnswer.read(Fixture.bytes("netease-lyric-instrumental.json")) == .instrumental
    )
    #expect(
      try read(#"{"code": 200, "lrc": {"lyric": "[00:00.00]此歌曲为没有填词的纯音乐，请您欣赏\n"}}"#)
        == .instrumental)
  }

  @Test func aSungLineThatMentionsPureMusicAmongOthersIsNotInstrumental() throws {
    let found = try lyrics(
      read(#"{"code": 200, "lrc": {"lyric": "[00:01.00]我唱着纯音乐\n[00:03.00]第二行\n"}}"#))
    #expect(found.lyrics.lines.count == 2)
  }

  @Test(arguments: [
    "netease-lyric-none.json"
  ])
  func theServicesNoLyricsIsNone(fixture: String) throws {
    #expect(try NetEaseLyricAnswer.read(Fixture.bytes(fixture)) == .noLyrics)
  }

  @Test(arguments: [
    #"{"code": 200, "lrc": {"version": 0, "lyric": ""}, "tlyric": {"lyric": ""}}"#,
    #"{"code": 200, "lrc": {"lyric": null}}"#,
    #"{"code": 200, "nolyric": true}"#,
    #"{"code": 200, "lrc": {"lyric": "{\"t\":0,\"c\":[{\"tx\":\"作词: 某人\"}]}\n"}}"#,
  ])
  func emptyAnswersAreNone(json: String) throws {
    #expect(try read(json) == .noLyrics)
  }

  @Test func untimedTextIsKeptAsUntimedLyrics() throws {
    let found = try lyrics(read(#"{"code": 200, "lrc": {"lyric": "没有时间的一行\n第二行\n"}}"#))
    #expect(found.lyrics.isUntimed)
  }

  @Test(arguments: [
    (#"{"code": -460, "msg": "Cheating"}"#, ProviderRefusal.suspectedAbuse),
    (#"{"code": 405, "msg": "操作频繁，请稍候再试"}"#, .rateLimited),
    (#"{"code": -462, "data": {"verifyType": 1}}"#, .verificationRequired),
  ])
  func refusalsAreUnavailableNeverNone(json: String, refusal: ProviderRefusal) {
    #expect(throws: ProviderAnswerError.unavailable(refusal)) { try read(json) }
  }

  @Test(arguments: ["", "{", #"{"code": 200, "lrc": "text"}"#, #"{"code": "x", "lrc": 5}"#])
  func bytesThatAreNotItsJSONAreMalformed(body: String) {
    #expect { try read(body) } throws: { isMalformed($0) }
  }
}

@Suite("Sidecar lines")
struct SidecarLinesTests {
  func lines(_ starts: [Int]) -> [LyricLine] { starts.map { LyricLine(ms: $0, text: "l\($0)") } }

  @Test func theNearestStartIsFoundAndTheFirstOfEqualStarts() {
    let main = lines([0, 1000, 1000, 3000])
    #expect(SidecarLines.nearest(-50, in: main) == 0)
    #expect(SidecarLines.nearest(400, in: main) == 0)
    #expect(SidecarLines.nearest(600, in: main) == 1)
    #expect(SidecarLines.nearest(1000, in: main) == 1)
    #expect(SidecarLines.nearest(1900, in: main) == 1)
    #expect(SidecarLines.nearest(2100, in: main) == 3)
    #expect(SidecarLines.nearest(9000, in: main) == 3)
    #expect(SidecarLines.nearest(0, in: []) == nil)
  }

  @Test func aLineTakesOneTextAndASecondAtItsTimeIsUnplaced() {
    var main = lines([1000, 2000])
    let sidecar = [
      LyricLine(ms: 1000, text: "first"), LyricLine(ms: 1050, text: "again"),
      LyricLine(ms: 2101, text: "too late"), LyricLine(ms: 1990, text: " second "),
    ]
    let unplaced = SidecarLines.attach(sidecar, to: &main, field: \.translation)
    #expect(main.map(\.translation) == ["first", "second"])
    #expect(unplaced == 2)
  }
}
