import Testing

@testable import ProviderAnswers

@Suite("Kugou search answers")
struct KugouSearchAnswerTests {
  func read(_ json: String) throws(ProviderAnswerError) -> [KugouCandidate] {
    try KugouSearchAnswer.read(Array(json.utf8))
  }

  @Test func everyDownloadableCandidateIsKeptInTheServicesOrderDecoysIncluded() throws {
    let candidates = try KugouSearchAnswer.read(Fixture.bytes("kugou-search.json"))
    #expect(candidates.map(\.id) == ["40016001", "40016003", "40016004", "40016005"])
    #expect(
      candidates[0]
        == KugouCandidate(
          id: "40016001", accessKey: "A1B2C3D4E5F60718293A4B5C6D7E8F90", song: "纸船与灯塔",
          singer: "林间回声", durationMs: 215_000, krcType: 1, contentType: 0, score: 60))
    // The decoys stay, as sent: another singer, a Live take, a duration far off.
    #expect(candidates[1].singer == "海边合唱团")
    #expect(candidates[2].song == "纸船与灯塔 (Live)")
    #expect(candidates[2].durationMs == 231_000)
  }

  @Test func numbersSentAsTextAndTextSentAsNumbersAreRead() throws {
    let candidates = try KugouSearchAnswer.read(Fixture.bytes("kugou-search.json"))
    let last = try #require(candidates.last)
    #expect(last.id == "40016005")  // a number in the answer
    #expect(last.durationMs == 95_000)  // "95000"
    #expect(last.score == 30)  // "30"
    #expect(last.contentType == 1)
  }

  @Test func krcIsAskedForOnlyWhereTheCandidateOffersIt() throws {
    let candidates = try KugouSearchAnswer.read(Fixture.bytes("kugou-search.json"))
    #expect(candidates.map(\.offersKRC) == [true, true, true, false])
    #expect(KugouCandidate(id: "1", accessKey: "k", song: "", singer: "").offersKRC)
    #expect(!KugouCandidate(id: "1", accessKey: "k", song: "", singer: "", krcType: 0).offersKRC)
    #expect(
      !KugouCandidate(id: "1", accessKey: "k", song: "", singer: "", krcType: 1, contentType: 1)
        .offersKRC)
  }

  @Test func aCandidateWithoutAnAccessKeyOrWithABrokenFieldIsDropped() throws {
    let candidates = try read(
      """
      {"status": 200, "candidates": [
        {"id": "1", "song": "无钥匙", "singer": "某人", "duration": 1000},
        {"id": "", "accesskey": "K", "song": "空编号", "singer": "某人"},
        {"id": "2", "accesskey": "K", "song": {"name": "不是文字"}, "singer": "某人"},
        {"id": "3", "accesskey": "K", "song": "留下", "singer": "某人", "duration": 1.5e300}
      ]}
      """)
    #expect(candidates.map(\.id) == ["3"])
    #expect(candidates[0].durationMs == nil)
  }

  @Test(arguments: [
    #"{"status": 200, "errcode": 200, "candidates": []}"#,
    #"{"status": 200, "errcode": 200}"#,
    #"{"candidates": null}"#,
  ])
  func anAnswerWithNoCandidateIsAnEmptyList(json: String) throws {
    #expect(try read(json).isEmpty)
  }

  @Test func aStatusOtherThan200IsAFailureWithTheServicesMessage() {
    #expect(throws: ProviderAnswerError.failed(code: 404, message: "no such keyword")) {
      try read(#"{"status": 404, "errmsg": "no such keyword", "candidates": []}"#)
    }
  }

  @Test(arguments: ["", "<html>502 Bad Gateway</html>", "[1, 2]", #"{"candidates": 7}"#])
  func bytesThatAreNotItsJSONAreMalformed(body: String) {
    #expect { try read(body) } throws: { isMalformed($0) }
  }
}
