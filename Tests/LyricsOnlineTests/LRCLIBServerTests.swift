import Clocks
import Foundation
import SystemSupport
import TestSupport
import Testing

@testable import LyricsOnline

/// The real client (libcurl) against the local LRCLIB-compatible server: every case of the
/// lookup, over the loopback interface only.
@Suite("LRCLIB over HTTP")
struct LRCLIBServerTests {
  func lookup(
    _ server: LRCLIBTestServer, tolerance: Double = 2, totalTimeoutMs: Int = 8_000
  ) throws -> OnlineLookup {
    var client = try LRCLIBClient(
      baseURL: server.baseURL, userAgent: LRCLIBClient.userAgent(version: "0.0-test"))
    client.totalTimeoutMs = totalTimeoutMs
    return OnlineLookup(
      client: client, cache: nil, settings: .init(toleranceSeconds: tolerance),
      clock: SystemClock())
  }

  func start(_ mode: String = "ok") throws -> LRCLIBTestServer {
    try LRCLIBTestServer(records: LRCLIBTestServer.standardRecords, mode: mode)
  }

  @Test func anExactHitComesFromGetAlone() throws {
    let server = try start()
    let track = TrackFacts(
      title: "Exact Song", artist: "Exact Artist", album: "Exact Album", durationSeconds: 199.7)
    let found = try #require(try lookup(server).resolve(track).found)
    #expect(found.record.id == 1)
    #expect(found.kind == .synced)
    let lines = try #require(found.parsedLyrics).lyrics.lines
    #expect(lines.map(\.text) == ["First line", "Second line"])
    #expect(lines[1].words.map(\.ms) == [2_500, 3_000])
    let requests = server.requests()
    #expect(requests.map(\.path) == ["/api/get"])
    #expect(
      requests.first?.query == [
        "track_name": "Exact Song", "artist_name": "Exact Artist", "album_name": "Exact Album",
        "duration": "200",
      ])
  }

  @Test func requestsCarryTheUserAgentAndLrclibClient() throws {
    let server = try start()
    _ = try lookup(server).resolve(TrackFacts(title: "Exact Song", artist: "Exact Artist"))
    let request = try #require(server.requests().first)
    #expect(request.userAgent == "lyricpip v0.0-test (a Linux music player with floating lyrics)")
    #expect(request.lrclibClient == request.userAgent)
  }

  @Test func aMissOnGetIsFoundThroughSearchAndTheRanking() throws {
    let server = try start()
    // The server's search answers, in its order: the live version, one 60 s too long, a plain
    // one, then the synced studio one that should win.
    let track = TrackFacts(
      title: "Remaster Song (Remastered 2011)", artist: "Search Artist feat. Guest",
      album: "Studio", durationSeconds: 180.4)
    let found = try #require(try lookup(server).resolve(track).found)
    #expect(found.record.id == 2)
    #expect(server.requests().map(\.path) == ["/api/get", "/api/search"])
    #expect(
      server.requests().last?.query == [
        "track_name": "Remaster Song", "artist_name": "Search Artist",
      ])
  }

  @Test func aDurationBeyondTheToleranceIsRejected() throws {
    let server = try start()
    let track = TrackFacts(title: "Far Song", artist: "Far Artist", durationSeconds: 305)
    #expect(try lookup(server).resolve(track) == .notFound(cached: false))
    // The same record with a wider tolerance setting.
    #expect(try lookup(server, tolerance: 6).resolve(track).found?.record.id == 6)
  }

  @Test func plainOnlyLyricsArePlain() throws {
    let server = try start()
    let found = try #require(
      try lookup(server).resolve(
        TrackFacts(title: "Plain Song", artist: "Plain Artist", durationSeconds: 150)
      ).found)
    #expect(found.kind == .plain)
    #expect(found.parsedLyrics == nil)
    #expect(found.record.plain == "Only text here\nNo timing at all\n")
  }

  @Test func instrumentalIsAnAnswer() throws {
    let server = try start()
    let outcome = try lookup(server).resolve(
      TrackFacts(title: "Quiet Piece", artist: "Quiet Artist", durationSeconds: 120))
    #expect(outcome.found?.kind == .instrumental)
  }

  @Test func multiArtistAndFeatCreditsFindTheRecord() throws {
    let server = try start()
    for artist in ["Beta / Alpha", "Alpha feat. Beta", "Beta & Alpha"] {
      let track = TrackFacts(title: "Duet Song", artist: artist, durationSeconds: 210)
      #expect(try lookup(server).resolve(track).found?.record.id == 9, "artist \(artist)")
    }
  }

  @Test func accentsAndCaseDoNotStopAMatch() throws {
    let server = try start()
    let track = TrackFacts(title: "cafe nandu", artist: "SIGUR ROS", durationSeconds: 250)
    #expect(try lookup(server).resolve(track).found?.record.id == 10)
  }

  @Test func aLyricsfileIsKept() throws {
    let server = try start()
    let found = try #require(
      try lookup(server).resolve(
        TrackFacts(title: "Word Song", artist: "Word Artist", durationSeconds: 100)
      ).found)
    #expect(found.record.lyricsfile?.hasPrefix("version: '1.0'") == true)
    #expect(found.kind == .synced)
  }

  @Test func aServerErrorIsAFailure() throws {
    let server = try start("status500")
    let outcome = try lookup(server).resolve(
      TrackFacts(title: "Exact Song", artist: "Exact Artist"))
    guard case .failed(let failure) = outcome else {
      Issue.record("expected a failure, got \(outcome)")
      return
    }
    #expect(failure.kind == .server(status: 500))
    #expect(failure.message.contains("HTTP 500: Something bad happened"))
  }

  @Test func aServerThatNeverAnswersTimesOutInTime() throws {
    let server = try start("hang")
    let started = Date()
    let outcome = try lookup(server, totalTimeoutMs: 1_000).resolve(
      TrackFacts(title: "Exact Song", artist: "Exact Artist"))
    let elapsed = Date().timeIntervalSince(started)
    #expect(outcome.failureKind == .network(.timedOut))
    #expect(elapsed >= 0.9 && elapsed < 4, "took \(elapsed) s")
  }

  @Test func malformedJSONIsAFailure() throws {
    let server = try start("malformed")
    let outcome = try lookup(server).resolve(
      TrackFacts(title: "Exact Song", artist: "Exact Artist"))
    #expect(outcome.failureKind == .malformed)
  }

  @Test(arguments: ["oversized", "oversized-undeclared"])
  func anOversizedBodyIsRefused(mode: String) throws {
    let server = try start(mode)
    let outcome = try lookup(server).resolve(
      TrackFacts(title: "Exact Song", artist: "Exact Artist"))
    #expect(outcome.failureKind == .network(.tooLarge))
  }

  @Test func aRefusedConnectionIsAFailure() throws {
    let client = try LRCLIBClient(baseURL: LRCLIBTestServer.refusingURL(), userAgent: "test")
    let online = OnlineLookup(client: client, cache: nil, clock: SystemClock())
    let outcome = online.resolve(TrackFacts(title: "Exact Song", artist: "Exact Artist"))
    #expect(outcome.failureKind == .network(.couldNotConnect))
  }

  @Test func aSlowAnswerArrivesLaterWithoutBlockingTheCaller() async throws {
    let server = try start("slow:1.0")
    let online = try lookup(server)
    let asked = Date()
    let answered = try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<(LookupOutcome, Date), any Error>) in
      online.lookUp(TrackFacts(title: "Exact Song", artist: "Exact Artist")) {
        continuation.resume(returning: ($0, Date()))
      }
      // lookUp came back at once; the answer is still on its way.
      #expect(Date().timeIntervalSince(asked) < 0.5)
    }
    #expect(answered.0.found?.record.id == 1)
    #expect(answered.1.timeIntervalSince(asked) >= 0.9)
  }

  @Test func offlineMakesNoRequestAtAll() throws {
    let server = try start()
    let client = try LRCLIBClient(baseURL: server.baseURL, userAgent: "test")
    let offline = OnlineLookup(
      client: client, cache: nil, settings: .init(enabled: false), clock: SystemClock())
    #expect(
      offline.resolve(TrackFacts(title: "Exact Song", artist: "Exact Artist")) == .skipped(.offline)
    )
    #expect(server.requests().isEmpty)
  }
}

extension LookupOutcome {
  var failureKind: LookupFailure.Kind? {
    if case .failed(let failure) = self { return failure.kind }
    return nil
  }
}

@Suite("LRCLIB candidates")
struct LRCLIBCandidateTests {
  @Test func theCandidatesAreTheAcceptableSearchResultsBestFirst() throws {
    let server = try LRCLIBTestServer(records: LRCLIBTestServer.standardRecords)
    let client = try LRCLIBClient(baseURL: server.baseURL, userAgent: "test")
    let online = OnlineLookup(client: client, cache: nil, clock: SystemClock())
    let track = TrackFacts(
      title: "Remaster Song", artist: "Search Artist", album: "Studio", durationSeconds: 180.4)
    let candidates = try online.candidates(for: track)
    // The synced studio record, then the plain one, then the live version; the one a minute
    // too long is not a candidate.
    #expect(candidates.map(\.record.id) == [2, 5, 3])
    #expect(candidates.map(\.kind) == [.synced, .plain, .synced])
    #expect(server.requests().map(\.path) == ["/api/search"])
  }
}
