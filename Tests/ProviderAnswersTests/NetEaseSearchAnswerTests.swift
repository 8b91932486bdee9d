import Testing

@testable import ProviderAnswers

@Suite("NetEase search answers")
struct NetEaseSearchAnswerTests {
  func read(_ json: String) throws(ProviderAnswerError) -> [NetEaseSong] {
    try NetEaseSearchAnswer.read(Array(json.utf8))
  }

  static let theSong = NetEaseSong(
    id: 1_900_001, name: "纸船与灯塔", artists: ["林间回声"], album: "河流笔记", durationMs: 215_040,
    aliases: ["Paper Boat and Lighthouse"])

  @Test func theWebShapeIsReadDecoysIncludedAndASongWithoutAnIdDropped() throws {
    let songs = try NetEaseSearchAnswer.read(Fixture.bytes("netease-search-web.json"))
    #expect(songs.map(\.id) == [1_900_001, 1_900_002, 1_900_003])
    #expect(songs[0] == Self.theSong)
    #expect(songs[1].artists == ["海边合唱团"])
    #expect(songs[2].artists == ["林间回声", "晨光乐队"])
    #expect(songs[2].name == "纸船与灯塔 (Live)")
  }

  @Test func theCloudsearchShapeIsReadIntoTheSameValues() throws {
    let songs = try NetEaseSearchAnswer.read(Fixture.bytes("netease-search-cloud.json"))
    #expect(songs.map(\.id) == [1_900_001, 1_900_004, 1_900_005])
    #expect(songs[0] == Self.theSong)
    #expect(songs[1].name == "纸船与灯塔 (Remix)")
    #expect(songs[2].durationMs == 95_000)
  }

  @Test(arguments: [
    #"{"result": {"songCount": 0}, "code": 200}"#,
    #"{"result": {"songs": [], "songCount": 0}, "code": 200}"#,
    #"{"code": 200}"#,
  ])
  func aSearchThatFoundNothingIsAnEmptyList(json: String) throws {
    #expect(try read(json).isEmpty)
  }

  @Test(arguments: [
    (#"{"code": -460, "msg": "Cheating"}"#, ProviderRefusal.suspectedAbuse),
    (#"{"code": 405, "msg": "操作频繁，请稍候再试"}"#, .rateLimited),
    (
      #"{"code": -462, "data": {"verifyType": 1, "verifyUrl": "http://127.0.0.1/verify"}}"#,
      .verificationRequired
    ),
  ])
  func refusalsAreUnavailableNotEmpty(json: String, refusal: ProviderRefusal) {
    #expect(throws: ProviderAnswerError.unavailable(refusal)) { try read(json) }
  }

  @Test func anotherCodeIsAFailureWithItsMessage() {
    #expect(throws: ProviderAnswerError.failed(code: 400, message: "参数错误")) {
      try read(#"{"code": 400, "message": "参数错误"}"#)
    }
  }

  @Test(arguments: ["", "null", "<html></html>", #"{"code": 200, "result": "none"}"#])
  func bytesThatAreNotItsJSONAreMalformed(body: String) {
    #expect { try read(body) } throws: { isMalformed($0) }
  }

  @Test func aSongWithBrokenFieldsKeepsWhatItCan() throws {
    let songs = try read(
      """
      {"code": 200, "result": {"songs": [
        {"id": "7", "name": "七", "ar": [{"name": "甲"}, 5, {"id": 2}], "al": "not an album",
         "dt": "1000", "alia": ["别名", null]}
      ]}}
      """)
    #expect(
      songs == [NetEaseSong(id: 7, name: "七", artists: ["甲"], durationMs: 1000, aliases: ["别名"])])
  }
}

@Suite("Provider refusals")
struct ProviderRefusalTests {
  @Test func onlyServerErrorsAreRefusalsAmongHTTPStatuses() {
    #expect(ProviderRefusal(httpStatus: 503) == .serverError(httpStatus: 503))
    #expect(ProviderRefusal(httpStatus: 500) == .serverError(httpStatus: 500))
    #expect(ProviderRefusal(httpStatus: 599) == .serverError(httpStatus: 599))
    for status in [200, 404, 429, 499, 600] { #expect(ProviderRefusal(httpStatus: status) == nil) }
  }

  @Test func onlyTheRateLimitBacksOffLonger() {
    #expect(ProviderRefusal.rateLimited.backsOffLonger)
    for refusal in [
      ProviderRefusal.suspectedAbuse, .verificationRequired, .serverError(httpStatus: 502),
    ] {
      #expect(!refusal.backsOffLonger)
    }
  }
}
