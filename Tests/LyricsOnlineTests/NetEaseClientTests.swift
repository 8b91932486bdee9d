import Foundation
import ProviderAnswers
import TestSupport
import Testing

@testable import LyricsOnline

/// The NetEase client (libcurl) against the local stand-in of its API.
@Suite("NetEase over HTTP")
struct NetEaseClientTests {
  typealias Answers = InventedProviderAnswers
  typealias Reply = ProviderTestServer.Reply

  static let webSearch = "/api/search/get/web"
  static let cloudSearch = "/api/cloudsearch/pc"
  static let lyricsV1 = "/api/song/lyric/v1"
  static let lyricsOld = "/api/song/lyric"

  func client(_ server: ProviderTestServer, totalTimeoutMs: Int = 8_000) throws -> NetEaseClient {
    var client = try NetEaseClient(
      baseURL: server.baseURL, userAgent: ProviderClientChecks.userAgent)
    client.endpoint.totalTimeoutMs = totalTimeoutMs
    return client
  }

  /// The lookup's answer or its failure, the song chosen being the first found.
  func outcome(_ server: ProviderTestServer, totalTimeoutMs: Int = 8_000) throws -> Result<
    ProviderLyricsAnswer, ProviderFailure
  > {
    let netease = try client(server, totalTimeoutMs: totalTimeoutMs)
    return Result { () throws(ProviderFailure) in
      try netease.lookUp(Answers.track) { $0.first }
    }
  }

  func routes(_ changes: [String: Reply] = [:]) throws -> [String: Reply] {
    var routes: [String: Reply] = [
      Self.webSearch: .ok(Answers.neteaseWebSearch),
      Self.cloudSearch: .ok(Answers.neteaseCloudSearch),
      Self.lyricsV1: .ok(try Answers.neteaseYRCLyrics()),
      Self.lyricsOld: .ok(try Answers.neteaseLRCLyrics()),
    ]
    routes.merge(changes) { $1 }
    return routes
  }

  @Test func theWebSearchThenTheLyricsV1GiveYRCWithTranslation() throws {
    let server = try ProviderTestServer(routes: routes())
    let found = try ProviderClientChecks.lyrics(outcome(server).get())
    #expect(found.format == .yrc)
    #expect(found.isWordTimed)
    #expect(found.lyrics.lines.map(\.ms) == Answers.starts)
    #expect(found.lyrics.lines.map(\.text) == Answers.texts)
    #expect(found.lyrics.lines.map(\.translation) == Answers.translations)

    let requests = server.requests()
    #expect(requests.map(\.path) == [Self.webSearch, Self.lyricsV1])
    #expect(
      requests[0].query == ["s": "月光邮筒 青石乐团", "type": "1", "offset": "0", "limit": "10"])
    #expect(
      requests[1].query == [
        "id": "3300001", "cp": "false", "lv": "-1", "kv": "-1", "tv": "-1", "rv": "-1",
        "yv": "-1", "ytv": "-1", "yrv": "-1",
      ])
    ProviderClientChecks.expectHonestHeaders(requests)
  }

  @Test func theSearchWordsReachTheServiceWhateverTheirCharacters() throws {
    let server = try ProviderTestServer(
      routes: routes([
        Self.webSearch: .ok(Answers.neteaseEmptySearch),
        Self.cloudSearch: .ok(Answers.neteaseEmptySearch),
      ]))
    let netease = try client(server)
    let track = TrackFacts(title: "A&B=C+D #1?", artist: "Ünï/Co")
    #expect(try netease.lookUp(track) { $0.first } == .noLyrics)
    #expect(
      server.requests().map { $0.query["s"] } == ["A&B=C+D #1? Ünï/Co", "A&B=C+D #1? Ünï/Co"])
  }

  @Test func theWorstPathTakesFourRequestsAndStillFindsTheLyrics() throws {
    // The web search breaks, the cloud search finds the song, the v1 lyrics are gone (404):
    // the older lyrics endpoint answers, with its colon stamps and its translation.
    let server = try ProviderTestServer(
      routes: routes([
        Self.webSearch: .ok("<html>not JSON</html>"),
        Self.lyricsV1: .answer(status: 404, body: "{}"),
      ]))
    let found = try ProviderClientChecks.lyrics(outcome(server).get())
    #expect(found.format == .lrc)
    #expect(found.lyrics.lines.map(\.ms) == Answers.starts)
    #expect(found.lyrics.lines.map(\.translation) == Answers.translations)
    let requests = server.requests()
    #expect(
      requests.map(\.path) == [Self.webSearch, Self.cloudSearch, Self.lyricsV1, Self.lyricsOld])
    #expect(requests.count <= 4)
    #expect(
      requests[3].query == ["id": "3300001", "lv": "-1", "kv": "-1", "tv": "-1", "rv": "-1"])
    ProviderClientChecks.expectHonestHeaders(requests)
  }

  @Test func whenEveryEndpointBreaksTheFailureComesAfterFourRequests() throws {
    let server = try ProviderTestServer(
      routes: routes([
        Self.webSearch: .ok(Answers.neteaseEmptySearch),
        Self.lyricsV1: .ok("{"), Self.lyricsOld: .ok("{"),
      ]))
    let result = try outcome(server)
    guard case .failure(.failed(let failure)) = result else {
      Issue.record("expected a failure, got \(result)")
      return
    }
    #expect(failure.kind == .malformed)
    #expect(server.requests().count == 4)
  }

  static let refusals: [(Reply, ProviderRefusal)] = [
    (.ok(#"{"code": -460, "msg": "Cheating"}"#), .suspectedAbuse),
    (.ok(#"{"code": 405, "msg": "操作频繁，请稍候再试"}"#), .rateLimited),
    (
      .ok(#"{"code": -462, "data": {"verifyType": 1, "verifyUrl": "http://127.0.0.1/v"}}"#),
      .verificationRequired
    ),
    (.answer(status: 503, body: "Service Unavailable"), .serverError(httpStatus: 503)),
    // A refusal in the body of a status other than 200 is still the refusal.
    (.answer(status: 403, body: #"{"code": -460, "msg": "Cheating"}"#), .suspectedAbuse),
  ]

  @Test(arguments: refusals)
  func aRefusalOfTheSearchIsUnavailableAndEndsTheTrack(reply: Reply, refusal: ProviderRefusal)
    throws
  {
    let server = try ProviderTestServer(routes: routes([Self.webSearch: reply]))
    let result = try outcome(server)
    #expect(result.failure == .unavailable(refusal))
    #expect(result.failure?.backOffSeconds == (refusal == .rateLimited ? 60 : 15))
    // Neither the other search nor the lyrics are asked for.
    #expect(server.requests().map(\.path) == [Self.webSearch])
  }

  @Test(arguments: refusals)
  func aRefusalOfTheLyricsIsUnavailableWithoutTheFallback(
    reply: Reply, refusal: ProviderRefusal
  ) throws {
    let server = try ProviderTestServer(routes: routes([Self.lyricsV1: reply]))
    #expect(try outcome(server).failure == .unavailable(refusal))
    #expect(server.requests().map(\.path) == [Self.webSearch, Self.lyricsV1])
  }

  @Test func aSearchThatFindsNothingAnywhereIsNoLyrics() throws {
    let server = try ProviderTestServer(
      routes: routes([
        Self.webSearch: .ok(Answers.neteaseEmptySearch),
        Self.cloudSearch: .ok(Answers.neteaseEmptySearch),
      ]))
    #expect(try outcome(server).get() == .noLyrics)
    #expect(server.requests().map(\.path) == [Self.webSearch, Self.cloudSearch])
  }

  @Test func theServicesNoLyricsIsNoLyricsWithoutTheFallback() throws {
    let server = try ProviderTestServer(
      routes: routes([Self.lyricsV1: .ok(Answers.neteaseNoLyrics)]))
    #expect(try outcome(server).get() == .noLyrics)
    #expect(server.requests().map(\.path) == [Self.webSearch, Self.lyricsV1])
  }

  @Test func aServerThatNeverAnswersIsBoundedByTheTimeout() throws {
    let server = try ProviderTestServer(routes: routes([Self.webSearch: .hang]))
    let started = Date()
    let result = try outcome(server, totalTimeoutMs: 1_000)
    let elapsed = Date().timeIntervalSince(started)
    guard case .failure(.failed(let failure)) = result else {
      Issue.record("expected a failure, got \(result)")
      return
    }
    #expect(failure.kind == .network(.timedOut))
    #expect(elapsed >= 0.9 && elapsed < 4, "took \(elapsed) s")
    // No other endpoint is tried after a request that got no response.
    #expect(server.requests().count == 1)
  }

  @Test func lyricsThatNeverComeAreBoundedByTheTimeoutToo() throws {
    let server = try ProviderTestServer(routes: routes([Self.lyricsV1: .hang]))
    let started = Date()
    let result = try outcome(server, totalTimeoutMs: 1_000)
    #expect(Date().timeIntervalSince(started) < 4)
    #expect(result.failure?.backOffSeconds == nil)
    #expect(server.requests().map(\.path) == [Self.webSearch, Self.lyricsV1])
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
