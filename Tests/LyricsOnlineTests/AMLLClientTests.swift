import Foundation
import Locking
import ProviderAnswers
import TestSupport
import Testing

@testable import LyricsOnline

/// The AMLL client (libcurl) against a local stand-in of a raw-file mirror of the database,
/// its index cached in a folder of the test's own, on a clock the test moves.
@Suite("AMLL TTML DB over HTTP")
struct AMLLClientTests {
  typealias Reply = ProviderTestServer.Reply

  static let track = TrackFacts(title: "纸船与灯塔", artist: "林间回声", durationSeconds: 215)
  static let indexPath = "/db/metadata/raw-lyrics-index.jsonl"
  static let lyricsPath = "/db/ncm-lyrics/90000001.ttml"
  static let day: Int64 = 24 * 3600

  static let index = AMLLIndexTests.lines.joined(separator: "\n") + "\n"

  /// Two singers, background vocals with their translation, a translation on each line.
  static let ttml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" \
    xmlns:itunes="http://music.apple.com/lyric-ttml-internal" itunes:timing="Word">
    <head><metadata><ttm:agent type="person" xml:id="v1"/><ttm:agent type="person" xml:id="v2"/>\
    </metadata></head>
    <body><div>
    <p begin="00:01.000" end="00:03.000" ttm:agent="v1"><span begin="00:01.000" end="00:02.000">纸船</span>\
    <span begin="00:02.000" end="00:03.000">漂过</span>\
    <span ttm:role="x-translation" xml:lang="en">A paper boat drifts</span></p>
    <p begin="00:04.000" end="00:06.000" ttm:agent="v2"><span begin="00:04.000" end="00:05.000">灯塔</span>\
    <span begin="00:05.000" end="00:06.000">点亮</span>\
    <span ttm:role="x-translation" xml:lang="en">The lighthouse lights up</span>\
    <span ttm:role="x-bg"><span begin="00:05.500" end="00:06.500">(亮起来)</span>\
    <span ttm:role="x-translation" xml:lang="en">(lighting up)</span></span></p>
    </div></body></tt>
    """

  final class Clock: Sendable {
    let seconds = Atomic<Int64>(1_800_000_000)
    func advance(_ by: Int64) { seconds.add(by, ordering: .relaxed) }
  }

  let folder: TemporaryDirectory
  let clock = Clock()
  let warnings = Warnings()

  init() throws {
    folder = try TemporaryDirectory()
  }

  var cache: AMLLIndexCache { AMLLIndexCache(directory: folder.path, warn: warnings.add) }

  func client(_ server: ProviderTestServer, totalTimeoutMs: Int = 8_000) throws -> AMLLClient {
    let clock = self.clock
    var client = try AMLLClient(
      baseURL: server.baseURL + "/db/", userAgent: ProviderClientChecks.userAgent, cache: cache,
      now: { clock.seconds.load(ordering: .relaxed) }, warn: warnings.add)
    client.endpoint.totalTimeoutMs = totalTimeoutMs
    return client
  }

  func server(_ routes: [String: Reply] = [:]) throws -> ProviderTestServer {
    try ProviderTestServer(
      routes: [Self.indexPath: .ok(Self.index), Self.lyricsPath: .ok(Self.ttml)].merging(routes) {
        $1
      })
  }

  func indexRequests(_ server: ProviderTestServer) -> Int {
    server.requests().filter { $0.path == Self.indexPath }.count
  }

  @Test func theIndexThenTheChosenSongsTTMLAreFetchedFromTheirPaths() throws {
    let server = try server()
    let found = try ProviderClientChecks.lyrics(client(server).lookUp(Self.track) { $0.first })
    #expect(found.format == .ttml)
    let requests = server.requests()
    #expect(requests.map(\.path) == [Self.indexPath, Self.lyricsPath])
    #expect(requests.allSatisfy { $0.query.isEmpty })
    ProviderClientChecks.expectHonestHeaders(requests)
    // The index's one bad line costs that line, with a word about it.
    #expect(warnings.all == ["AMLL index: 1 of its lines did not read and were skipped"])
  }

  @Test func duetsBackgroundVocalsAndTranslationsComeThroughTheTTMLReader() throws {
    let server = try server()
    let found = try ProviderClientChecks.lyrics(client(server).lookUp(Self.track) { $0.first })
    let lines = found.lyrics.lines
    #expect(found.isWordTimed)
    #expect(lines.map(\.text) == ["纸船漂过", "灯塔点亮"])
    #expect(lines.map(\.agent) == ["v1", "v2"])
    #expect(lines.map(\.translation) == ["A paper boat drifts", "The lighthouse lights up"])
    #expect(lines[1].background?.text == "(亮起来)")
    #expect(lines[1].background?.translation == "(lighting up)")
  }

  @Test func theIndexIsFetchedOnceThenServedFromTheCacheOnDisk() throws {
    let server = try server()
    _ = try client(server).lookUp(Self.track) { $0.first }
    // Another client (the next run of lyricpip) on the same folder, six days on.
    clock.advance(6 * Self.day)
    let later = try client(server)
    _ = try later.lookUp(Self.track) { $0.first }
    _ = try later.lookUp(Self.track) { $0.first }
    #expect(indexRequests(server) == 1)
    #expect(server.requests().count == 4)
    let kept = cache.load(source: server.baseURL + Self.indexPath)?.jsonl
    #expect(kept.map { String(decoding: $0, as: UTF8.self) } == Self.index)
  }

  @Test func theIndexIsFetchedAgainAWeekAfterItWasFetched() throws {
    let server = try server()
    let amll = try client(server)
    _ = try amll.index()
    clock.advance(7 * Self.day - 1)
    _ = try amll.index()
    #expect(indexRequests(server) == 1)
    clock.advance(1)
    _ = try amll.index()
    #expect(indexRequests(server) == 2)
    // And so does a new client, from the time kept in the file.
    let source = server.baseURL + Self.indexPath
    #expect(cache.load(source: source)?.fetchedAt == clock.seconds.load(ordering: .relaxed))
    clock.advance(7 * Self.day)
    _ = try client(server).index()
    #expect(indexRequests(server) == 3)
  }

  @Test func aCorruptCacheFileIsFetchedAgainAndReplaced() throws {
    try folder.write("raw-lyrics-index.jsonl", "\u{1}garbage\nnot an index")
    let server = try server()
    #expect(try client(server).index().entries.count == 5)
    #expect(indexRequests(server) == 1)
    #expect(warnings.all.contains { $0.contains("is not a cache file") })
    #expect(cache.load(source: server.baseURL + Self.indexPath) != nil)
  }

  @Test func aCacheFileOfAnotherMirrorIsNotUsed() throws {
    cache.store(Array(Self.index.utf8), source: "https://elsewhere.example/i.jsonl", fetchedAt: 0)
    let server = try server()
    _ = try client(server).index()
    #expect(indexRequests(server) == 1)
  }

  @Test func anIndexOverTheOtherProvidersBodyLimitIsTaken() throws {
    // The real index is about 1.5 MB, over the 1 MiB the other providers' answers may have.
    let filler = (0..<6_000).map {
      AMLLIndexTests.line(
        "填充之歌\($0)", ["某人\($0)"], album: String(repeating: "专", count: 40),
        id: String(80_000_000 + $0))
    }
    let big = ([Self.index] + filler).joined(separator: "\n")
    #expect(big.utf8.count > 1 << 20)
    let server = try server([Self.indexPath: .ok(big)])
    let amll = try client(server)
    #expect(try amll.index().entries.count == 5 + 6_000)
    _ = try ProviderClientChecks.lyrics(amll.lookUp(Self.track) { $0.first })
  }

  @Test func aSongTheIndexLacksIsNoLyricsWithoutAnotherRequest() throws {
    let server = try server()
    let track = TrackFacts(title: "不存在的歌", artist: "林间回声")
    #expect(try client(server).lookUp(track) { $0.first } == .noLyrics)
    #expect(server.requests().map(\.path) == [Self.indexPath])
  }

  @Test(arguments: [indexPath, lyricsPath])
  func aServerErrorIsUnavailableNotNoLyrics(failingPath: String) throws {
    let server = try server([failingPath: .answer(status: 503, body: "busy")])
    let amll = try client(server)
    let failure = ProviderClientChecks.failure { () throws(ProviderFailure) in
      try amll.lookUp(Self.track) { $0.first }
    }
    #expect(failure == .unavailable(.serverError(httpStatus: 503)))
    #expect(server.requests().last?.path == failingPath)
  }

  @Test func anIndexThatIsNotOneIsAFailureAndIsNotKept() throws {
    let server = try server([Self.indexPath: .ok("<html><body>Sign in</body></html>")])
    let amll = try client(server)
    let failure = ProviderClientChecks.failure { () throws(ProviderFailure) in
      try amll.lookUp(Self.track) { $0.first }
    }
    guard case .failed(let lookup) = failure else {
      Issue.record("expected a failure, got \(String(describing: failure))")
      return
    }
    #expect(lookup.kind == .malformed)
    #expect(!FileManager.default.fileExists(atPath: cache.path))
  }

  @Test func aWeekOldIndexServesWhenItsRefreshFails() throws {
    let server = try server([Self.indexPath: .answer(status: 502, body: "")])
    cache.store(
      Array(Self.index.utf8), source: server.baseURL + Self.indexPath,
      fetchedAt: clock.seconds.load(ordering: .relaxed) - 8 * Self.day)
    let found = try ProviderClientChecks.lyrics(client(server).lookUp(Self.track) { $0.first })
    #expect(found.lyrics.lines.count == 2)
    #expect(server.requests().map(\.path) == [Self.indexPath, Self.lyricsPath])
    #expect(warnings.all.contains { $0.contains("the older index is used") })
  }

  @Test func aServerThatNeverAnswersIsBoundedByTheTimeout() throws {
    let server = try server([Self.indexPath: .hang])
    let amll = try client(server, totalTimeoutMs: 1_000)
    let started = Date()
    let failure = ProviderClientChecks.failure { () throws(ProviderFailure) in
      try amll.lookUp(Self.track) { $0.first }
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
    #expect(throws: LRCLIBClient.BadURL(url: "file:///db")) {
      try AMLLClient(baseURL: "file:///db", userAgent: "test", cache: nil, warn: { _ in })
    }
  }
}
