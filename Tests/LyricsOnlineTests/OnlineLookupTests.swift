import Clocks
import Foundation
import TestSupport
import Testing

@testable import LyricsOnline

@Suite("online lookup")
struct OnlineLookupTests {
  let track = TrackFacts(title: "Song", artist: "Artist", album: "Album", durationSeconds: 200)
  let songJSON =
    #"{"id": 1, "trackName": "Song", "artistName": "Artist", "duration": 200, "syncedLyrics": "[00:01.00]hi\n"}"#

  func lookup(
    _ transport: FakeTransport, cache: LyricsCache? = nil, enabled: Bool = true,
    clock: ManualClock = ManualClock()
  ) throws -> OnlineLookup {
    let client = try LRCLIBClient(baseURL: "http://test", transport: transport, userAgent: "ua")
    return OnlineLookup(
      client: client, cache: cache, settings: .init(enabled: enabled, retryAfterFailure: 60),
      clock: clock)
  }

  @Test func offlineNeverTouchesTheTransport() throws {
    let transport = FakeTransport(otherwise: .response(200, "[]"))
    let offline = try lookup(transport, enabled: false)
    #expect(!offline.isOnline)
    #expect(offline.resolve(track) == .skipped(.offline))
    #expect(try offline.candidates(for: track).isEmpty)
    #expect(transport.requests.isEmpty)
  }

  @Test func offlineStillReadsTheCache() throws {
    let cache = LyricsCache(directory: try Paths.makeTemporaryDirectory().path, warn: { _ in })
    let found = OnlineLyrics(
      record: LRCLIBRecord(id: 1, trackName: "Song", artistName: "Artist", plainLyrics: "x"),
      kind: .plain, origin: .lrclib)
    cache.storeHit(found, for: track)
    let transport = FakeTransport()
    #expect(
      try lookup(transport, cache: cache, enabled: false).resolve(track).found?.origin == .cache)
    #expect(transport.requests.isEmpty)
  }

  @Test func aGetHitIsKeptAndNotAskedAgain() throws {
    let cache = LyricsCache(directory: try Paths.makeTemporaryDirectory().path, warn: { _ in })
    let transport = FakeTransport(["/api/get": .response(200, songJSON)])
    let online = try lookup(transport, cache: cache)
    #expect(online.resolve(track).found?.origin == .lrclib)
    #expect(online.resolve(track).found?.origin == .cache)
    #expect(transport.paths == ["/api/get"])
  }

  /// The record a user chose: from the cache when it holds that one, else by its id; the
  /// ranking (`/api/get`, `/api/search`) is never asked.
  @Test func aChosenRecordComesFromTheCacheOrByItsId() throws {
    let cache = LyricsCache(directory: try Paths.makeTemporaryDirectory().path, warn: { _ in })
    let chosenJSON =
      #"{"id": 6, "trackName": "Song", "artistName": "Artist", "duration": 230, "plainLyrics": "live words"}"#
    let transport = FakeTransport([
      "/api/get": .response(200, songJSON), "/api/get/6": .response(200, chosenJSON),
    ])
    let online = try lookup(transport, cache: cache)
    // The cache holds another record (1): the chosen one is asked by its id, then kept.
    #expect(online.resolve(track).found?.record.id == 1)
    let byID = online.resolve(track, chosen: 6)
    #expect(byID.found?.record.id == 6 && byID.found?.kind == .plain)
    #expect(transport.paths == ["/api/get", "/api/get/6"])
    let again = online.resolve(track, chosen: 6)
    #expect(again.found?.record.id == 6 && again.found?.origin == .cache)
    #expect(transport.paths == ["/api/get", "/api/get/6"])
  }

  @Test func aMissOnGetGoesToSearchAndTheMissIsCached() throws {
    let cache = LyricsCache(directory: try Paths.makeTemporaryDirectory().path, warn: { _ in })
    let transport = FakeTransport(["/api/search": .response(200, "[]")])
    let online = try lookup(transport, cache: cache)
    #expect(online.resolve(track) == .notFound(cached: false))
    #expect(online.resolve(track) == .notFound(cached: true))
    #expect(transport.paths == ["/api/get", "/api/search"])
  }

  @Test func aFailureIsNotAskedAgainForAWhile() throws {
    let clock = ManualClock()
    let transport = FakeTransport(otherwise: .failure(HTTPFailure(.couldNotResolve, "no DNS")))
    let online = try lookup(transport, clock: clock)
    guard case .failed(let failure) = online.resolve(track) else {
      Issue.record("expected a failure")
      return
    }
    #expect(failure.kind == .network(.couldNotResolve))
    #expect(failure.message == "test: no DNS")
    #expect(online.resolve(track) == .skipped(.recentlyFailed))
    clock.advance(by: 61 * 1_000_000_000)
    #expect(online.resolve(track) != .skipped(.recentlyFailed))
    #expect(transport.requests.count == 2)
  }

  @Test func aServerErrorSaysItsStatusAndMessage() throws {
    let transport = FakeTransport(
      otherwise: .response(
        500, #"{"statusCode":500,"name":"UnknownError","message":"Something bad"}"#))
    let outcome = try lookup(transport).resolve(track)
    #expect(
      outcome == .failed(LookupFailure(.server(status: 500), "test: HTTP 500: Something bad")))
  }

  @Test func aGetAnswerOutsideOurToleranceFallsThroughToSearch() throws {
    let far =
      #"{"id": 1, "trackName": "Song", "artistName": "Artist", "duration": 201.5, "syncedLyrics": "[00:01.00]hi\n"}"#
    let transport = FakeTransport([
      "/api/get": .response(200, far), "/api/search": .response(200, "[\(far)]"),
    ])
    let client = try LRCLIBClient(baseURL: "http://test", transport: transport, userAgent: "ua")
    let strict = OnlineLookup(
      client: client, cache: nil, settings: .init(toleranceSeconds: 1), clock: ManualClock())
    #expect(strict.resolve(track) == .notFound(cached: false))
  }

  @Test func untitledTracksAreNotAsked() throws {
    let transport = FakeTransport()
    #expect(
      try lookup(transport).resolve(TrackFacts(title: "", artist: "A")) == .skipped(.notSearchable))
    #expect(transport.requests.isEmpty)
  }

  @Test func requestsNameLyricpipAndAreBounded() throws {
    let transport = FakeTransport(["/api/get": .response(200, songJSON)])
    let client = try LRCLIBClient(
      baseURL: "http://test", transport: transport,
      userAgent: LRCLIBClient.userAgent(version: "9.9"))
    _ = try client.get(track)
    let request = try #require(transport.requests.first)
    #expect(request.userAgent.hasPrefix("lyricpip v9.9"))
    #expect(request.headers.contains("Lrclib-Client: \(request.userAgent)"))
    #expect(request.connectTimeoutMs == 3_000)
    #expect(request.totalTimeoutMs == 8_000)
    #expect(request.maxBodyBytes == 1 << 20)
    #expect(
      request.url
        == "http://test/api/get?track_name=Song&artist_name=Artist&album_name=Album&duration=200")
  }

  @Test func lookUpAnswersOnAnotherThread() async throws {
    let transport = FakeTransport(["/api/get": .response(200, songJSON)])
    let online = try lookup(transport)
    let outcome = await withCheckedContinuation { continuation in
      online.lookUp(track) { continuation.resume(returning: $0) }
    }
    #expect(outcome.found?.record.id == 1)
  }

  @Test func theHookBeforeTheFirstRequestRunsOnceAndOnlyForTheNetwork() throws {
    let cache = LyricsCache(directory: try Paths.makeTemporaryDirectory().path, warn: { _ in })
    let transport = FakeTransport(["/api/get": .response(200, songJSON)])
    let client = try LRCLIBClient(baseURL: "http://test", transport: transport, userAgent: "ua")
    let calls = Warnings()
    let online = OnlineLookup(
      client: client, cache: cache, clock: ManualClock(),
      beforeFirstRequest: { calls.add("before \(transport.requests.count)") })
    #expect(online.resolve(TrackFacts(title: "", artist: "A")) == .skipped(.notSearchable))
    #expect(calls.all.isEmpty)
    _ = online.resolve(track)
    _ = online.resolve(track)  // from the cache
    _ = online.resolve(TrackFacts(title: "Other", artist: "Artist"))
    #expect(calls.all == ["before 0"])
  }
}
