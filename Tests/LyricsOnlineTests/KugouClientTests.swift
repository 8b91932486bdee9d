import Foundation
import ProviderAnswers
import TestSupport
import Testing

@testable import LyricsOnline

/// The Kugou client (libcurl) against the local stand-in of its lyrics host.
@Suite("Kugou over HTTP")
struct KugouClientTests {
  typealias Answers = InventedProviderAnswers
  typealias Reply = ProviderTestServer.Reply

  func client(_ server: ProviderTestServer, totalTimeoutMs: Int = 8_000) throws -> KugouClient {
    var client = try KugouClient(
      baseURL: server.baseURL + "/", userAgent: ProviderClientChecks.userAgent)
    client.endpoint.totalTimeoutMs = totalTimeoutMs
    return client
  }

  func lookUp(_ server: ProviderTestServer, totalTimeoutMs: Int = 8_000) throws
    -> ProviderLyricsAnswer
  {
    try client(server, totalTimeoutMs: totalTimeoutMs).lookUp(Answers.track) { $0.first }
  }

  @Test func theSearchThenTheKRCDownloadGiveWordsAndTranslation() throws {
    let server = try ProviderTestServer(routes: [
      "/search": .ok(Answers.kugouSearch), "/download": .ok(try Answers.kugouKRCDownload()),
    ])
    let found = try ProviderClientChecks.lyrics(lookUp(server))
    #expect(found.format == .krc)
    #expect(found.isWordTimed)
    #expect(found.lyrics.lines.map(\.ms) == Answers.starts)
    #expect(found.lyrics.lines.map(\.text) == Answers.texts)
    #expect(found.lyrics.lines.map(\.translation) == Answers.translations)

    let requests = server.requests()
    #expect(requests.map(\.path) == ["/search", "/download"])
    #expect(
      requests[0].query == [
        "ver": "1", "man": "yes", "client": "pc", "keyword": "青石乐团 - 月光邮筒",
        "duration": "201400",
      ])
    #expect(
      requests[1].query == [
        "ver": "1", "client": "pc", "id": "7001", "accesskey": "K7001KEY", "fmt": "krc",
        "charset": "utf8",
      ])
    ProviderClientChecks.expectHonestHeaders(requests)
  }

  @Test func aCandidateWithoutKRCIsDownloadedAsLRC() throws {
    let search = Answers.kugouSearch.replacing(#""contenttype": 0"#, with: #""contenttype": 1"#)
    let server = try ProviderTestServer(routes: [
      "/search": .ok(search), "/download": .ok(Answers.kugouLRCDownload),
    ])
    let found = try ProviderClientChecks.lyrics(lookUp(server))
    #expect(found.format == .lrc)
    #expect(found.lyrics.lines.map(\.text) == Answers.texts)
    #expect(server.requests().map { $0.query["fmt"] } == [nil, "lrc"])
  }

  @Test func aKRCThatDoesNotUnpackIsAskedOnceMoreAsLRCAndNoMore() throws {
    let server = try ProviderTestServer(routes: [
      "/search": .ok(Answers.kugouSearch), "/download": .ok(Answers.kugouBrokenKRCDownload),
    ])
    let kugou = try client(server)
    let failure = ProviderClientChecks.failure { () throws(ProviderFailure) in
      try kugou.lookUp(Answers.track) { $0.first }
    }
    guard case .failed(let lookup) = failure else {
      Issue.record("expected a failure, got \(String(describing: failure))")
      return
    }
    #expect(lookup.kind == .malformed)
    let requests = server.requests()
    #expect(requests.map(\.path) == ["/search", "/download", "/download"])
    #expect(requests.map { $0.query["fmt"] } == [nil, "krc", "lrc"])
    #expect(requests.count <= 4)
  }

  @Test func theLRCAskedForAfterABrokenKRCIsRead() throws {
    let server = try ProviderTestServer(routes: [
      "/search": .ok(Answers.kugouSearch), "/download": .ok(Answers.kugouBrokenKRCDownload),
      "/download?fmt=lrc": .ok(Answers.kugouLRCDownload),
    ])
    let found = try ProviderClientChecks.lyrics(lookUp(server))
    #expect(found.format == .lrc)
    #expect(found.lyrics.lines.map(\.text) == Answers.texts)
    #expect(server.requests().map { $0.query["fmt"] } == [nil, "krc", "lrc"])
  }

  @Test func theKeywordReachesTheServiceWhateverItsCharacters() throws {
    let server = try ProviderTestServer(routes: ["/search": .ok(Answers.kugouEmptySearch)])
    let track = TrackFacts(title: " A&B=C+D #1?/% ", artist: "Ünï & Co")
    #expect(try client(server).lookUp(track) { $0.first } == .noLyrics)
    let query = try #require(server.requests().first?.query)
    #expect(query["keyword"] == "Ünï & Co - A&B=C+D #1?/%")
    #expect(query["duration"] == nil)
    #expect(query.count == 4)
  }

  @Test func noCandidateIsNoLyricsAfterOneRequest() throws {
    let server = try ProviderTestServer(routes: ["/search": .ok(Answers.kugouEmptySearch)])
    #expect(try lookUp(server) == .noLyrics)
    #expect(server.requests().map(\.path) == ["/search"])
  }

  @Test func anEmptyDownloadIsNoLyricsWithoutARetry() throws {
    let server = try ProviderTestServer(routes: [
      "/search": .ok(Answers.kugouSearch), "/download": .ok(Answers.kugouEmptyDownload),
    ])
    #expect(try lookUp(server) == .noLyrics)
    #expect(server.requests().map(\.path) == ["/search", "/download"])
  }

  @Test func noCandidateChosenIsNoLyricsWithoutADownload() throws {
    let server = try ProviderTestServer(routes: ["/search": .ok(Answers.kugouSearch)])
    #expect(try client(server).lookUp(Answers.track) { _ in nil } == .noLyrics)
    #expect(server.requests().map(\.path) == ["/search"])
  }

  @Test(arguments: ["/search", "/download"])
  func aServerErrorIsUnavailableNotNoLyrics(failingPath: String) throws {
    var routes: [String: Reply] = [
      "/search": .ok(Answers.kugouSearch), "/download": .ok(try Answers.kugouKRCDownload()),
    ]
    routes[failingPath] = .answer(status: 503, body: "<html>busy</html>")
    let server = try ProviderTestServer(routes: routes)
    let kugou = try client(server)
    let failure = ProviderClientChecks.failure { () throws(ProviderFailure) in
      try kugou.lookUp(Answers.track) { $0.first }
    }
    #expect(failure == .unavailable(.serverError(httpStatus: 503)))
    #expect(failure?.backOffSeconds == 15)
    #expect(server.requests().last?.path == failingPath)
  }

  @Test func aServerThatNeverAnswersIsBoundedByTheTimeout() throws {
    let server = try ProviderTestServer(routes: ["/search": .hang])
    let kugou = try client(server, totalTimeoutMs: 1_000)
    let started = Date()
    let failure = ProviderClientChecks.failure { () throws(ProviderFailure) in
      try kugou.lookUp(Answers.track) { $0.first }
    }
    let elapsed = Date().timeIntervalSince(started)
    guard case .failed(let lookup) = failure else {
      Issue.record("expected a failure, got \(String(describing: failure))")
      return
    }
    #expect(lookup.kind == .network(.timedOut))
    #expect(elapsed >= 0.9 && elapsed < 4, "took \(elapsed) s")
    #expect(server.requests().count == 1)
  }

  @Test func aBaseURLThatIsNotHTTPIsRefused() {
    #expect(throws: LRCLIBClient.BadURL(url: "ftp://lyrics.example")) {
      try KugouClient(baseURL: "ftp://lyrics.example", userAgent: "test")
    }
  }
}
