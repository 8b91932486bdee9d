import Clocks
import Foundation
import LyricsContainers
import TestSupport
import Testing

@testable import LyricsOnline

/// The lookup across Kugou and NetEase against local fakes of both services
/// (`scripts/provider-test-server`, over real HTTP): the invented song of
/// `InventedProviderAnswers` among decoys (the same title by another artist, a Live take, a
/// length far off), and the faults the services are known for.
@Suite("lookup across providers", .serialized)
struct AcrossProvidersTests {
  let track = InventedProviderAnswers.track

  // MARK: The fakes

  /// Kugou's search: three decoys, then the right candidate (7001).
  static let kugouSearch = """
    {"status": 200, "errcode": 200, "errmsg": "OK", "candidates": [
      {"id": "7002", "accesskey": "K2", "song": "月光邮筒", "singer": "白桦合唱团",
       "duration": 201000, "krctype": 1},
      {"id": "7003", "accesskey": "K3", "song": "月光邮筒 (Live)", "singer": "青石乐团",
       "duration": 201000, "krctype": 1},
      {"id": "7004", "accesskey": "K4", "song": "月光邮筒", "singer": "青石乐团",
       "duration": 236000, "krctype": 1},
      {"id": "7001", "accesskey": "K7001KEY", "song": "月光邮筒", "singer": "青石乐团",
       "duration": 201000, "krctype": 1}]}
    """

  /// NetEase's web search: the same decoys, then the right song (3300001).
  static let neteaseSearch = """
    {"code": 200, "result": {"songCount": 4, "songs": [
      {"id": 3300002, "name": "月光邮筒", "artists": [{"id": 9, "name": "白桦合唱团"}],
       "album": {"id": 2, "name": "别处"}, "duration": 201040, "alias": []},
      {"id": 3300003, "name": "月光邮筒 (Live)", "artists": [{"id": 1, "name": "青石乐团"}],
       "album": {"id": 3, "name": "现场"}, "duration": 201040, "alias": []},
      {"id": 3300004, "name": "月光邮筒", "artists": [{"id": 1, "name": "青石乐团"}],
       "album": {"id": 4, "name": "慢版"}, "duration": 150000, "alias": []},
      {"id": 3300001, "name": "月光邮筒", "artists": [{"id": 1, "name": "青石乐团"}],
       "album": {"id": 5, "name": "街角"}, "duration": 201040, "alias": []}]}}
    """

  /// A decoy's lyrics: never to be shown (nor, since the ranking refuses them, asked for).
  static let decoyLRC = #"{"code": 200, "lrc": {"lyric": "[00:01.00]诱饵\n"}}"#

  static func kugouRoutes(
    search: ProviderTestServer.Reply = .ok(kugouSearch),
    download: ProviderTestServer.Reply? = nil
  ) throws -> [String: ProviderTestServer.Reply] {
    [
      "/search": search,
      "/download?id=7001": try download ?? .ok(InventedProviderAnswers.kugouKRCDownload()),
      "/download": .ok(#"{"status": 200, "fmt": "lrc", "content": "WDAwOjAxLjAwXeivsemltQo="}"#),
    ]
  }

  static func neteaseRoutes(search: ProviderTestServer.Reply = .ok(neteaseSearch)) throws
    -> [String: ProviderTestServer.Reply]
  {
    [
      "/api/search/get/web": search,
      "/api/cloudsearch/pc": search,
      "/api/song/lyric/v1?id=3300001": .ok(try InventedProviderAnswers.neteaseYRCLyrics()),
      "/api/song/lyric/v1": .ok(decoyLRC),
      "/api/song/lyric": .ok(decoyLRC),
    ]
  }

  struct Fakes {
    let kugou: ProviderTestServer
    let netease: ProviderTestServer
  }

  func lookup(
    _ order: [OnlineProvider], _ fakes: Fakes, cacheFolder: URL? = nil,
    clock: ManualClock = ManualClock()
  ) throws -> OnlineLookup {
    let kugou = try KugouClient(baseURL: fakes.kugou.baseURL, userAgent: "lyricpip-test")
    let netease = try NetEaseClient(baseURL: fakes.netease.baseURL, userAgent: "lyricpip-test")
    var caches: [OnlineProvider: LyricsCache] = [:]
    if let cacheFolder {
      for provider in OnlineProvider.allCases {
        caches[provider] = LyricsCache(
          directory: cacheFolder.appendingPathComponent(provider.rawValue).path, warn: { _ in })
      }
    }
    return OnlineLookup(
      providers: ProviderClients(order: order, kugou: kugou, netease: netease), caches: caches,
      settings: .init(retryAfterFailure: 600), clock: clock)
  }

  /// The lyrics' lines as text, words joined, with their translations.
  func shown(_ found: OnlineLyrics?) -> [String] {
    (found?.lyrics?.lines ?? []).map { line in
      line.words.map(\.text).joined() + " / " + (line.translation ?? "-")
    }
  }

  var expected: [String] {
    zip(InventedProviderAnswers.texts, InventedProviderAnswers.translations).map { "\($0) / \($1)" }
  }

  func requestedIDs(_ server: ProviderTestServer) -> [String] {
    server.requests().compactMap { $0.query["id"] }
  }

  // MARK: The right lyrics from the right provider

  @Test(arguments: [
    ([OnlineProvider.kugou, .netease], OnlineProvider.kugou),
    ([.netease, .kugou], .netease),
  ])
  func wordTimedLyricsWithTranslationFromTheFirstOfEquals(
    order: [OnlineProvider], winner: OnlineProvider
  ) throws {
    let fakes = Fakes(
      kugou: try ProviderTestServer(routes: Self.kugouRoutes()),
      netease: try ProviderTestServer(routes: Self.neteaseRoutes()))
    let outcome = try lookup(order, fakes).resolve(track)
    let found = try #require(outcome.found)
    #expect(found.provider == winner)
    #expect(found.kind == .synced && found.origin == .lrclib)
    #expect(found.lyrics?.lines.allSatisfy { !$0.words.isEmpty } == true, "word-timed")
    #expect(shown(found) == expected)
    #expect(found.sourceName == winner.displayName)
    // No decoy's lyrics were even asked for, and each service got at most 4 requests.
    #expect(requestedIDs(fakes.kugou) == ["7001"])
    #expect(requestedIDs(fakes.netease) == ["3300001"])
    #expect(fakes.kugou.requests().count <= 4 && fakes.netease.requests().count <= 4)
    #expect(fakes.kugou.requests().allSatisfy { $0.headers["user-agent"] == "lyricpip-test" })
  }

  /// Only the decoys: nothing is chosen, and both services' "no" is kept as a miss.
  @Test func decoysAloneAreNeverChosen() throws {
    let kugouDecoys = Self.kugouSearch.replacingOccurrences(
      of: #"{"id": "7001", "accesskey": "K7001KEY", "song": "月光邮筒", "singer": "青石乐团","#,
      with: #"{"id": "7005", "accesskey": "K5", "song": "月光邮筒", "singer": "白桦合唱团","#)
    let neteaseDecoys = Self.neteaseSearch.replacingOccurrences(
      of: #"{"id": 3300001, "name": "月光邮筒", "artists": [{"id": 1, "name": "青石乐团"}]"#,
      with: #"{"id": 3300005, "name": "月光邮筒 (Remix)", "artists": [{"id": 1, "name": "青石乐团"}]"#)
    #expect(kugouDecoys != Self.kugouSearch && neteaseDecoys != Self.neteaseSearch)
    let fakes = Fakes(
      kugou: try ProviderTestServer(routes: Self.kugouRoutes(search: .ok(kugouDecoys))),
      netease: try ProviderTestServer(routes: Self.neteaseRoutes(search: .ok(neteaseDecoys))))
    let folder = try Paths.makeTemporaryDirectory()
    let online = try lookup([.kugou, .netease], fakes, cacheFolder: folder)
    #expect(online.resolve(track) == .notFound(cached: false))
    #expect(requestedIDs(fakes.kugou).isEmpty && requestedIDs(fakes.netease).isEmpty)
    #expect(online.resolve(track) == .notFound(cached: true))
  }

  // MARK: Faults

  /// NetEase's refusals and a 5xx: the next provider answers, the refusing one is not kept as
  /// "no lyrics", and it is left alone for its back-off.
  @Test(arguments: [
    ProviderTestServer.Reply.ok(#"{"code": -460, "msg": "Cheating"}"#),
    .ok(#"{"code": 405, "msg": "操作频繁，请稍候再试"}"#),
    .ok(#"{"code": -462, "data": {"verifyUrl": "https://example.invalid/verify"}}"#),
    .answer(status: 503, body: ""),
  ])
  func aRefusingProviderHandsOverToTheNext(refusal: ProviderTestServer.Reply) throws {
    let fakes = Fakes(
      kugou: try ProviderTestServer(routes: Self.kugouRoutes()),
      netease: try ProviderTestServer(routes: Self.neteaseRoutes(search: refusal)))
    let folder = try Paths.makeTemporaryDirectory()
    let online = try lookup([.netease, .kugou], fakes, cacheFolder: folder)
    let found = try #require(online.resolve(track).found)
    #expect(found.provider == .kugou)
    #expect(shown(found) == expected)
    let neteaseCache = LyricsCache(
      directory: folder.appendingPathComponent("netease").path, warn: { _ in })
    #expect(neteaseCache.answer(for: track) == nil, "a refusal is not a miss")
    // Another track at once: NetEase is backed off, not asked.
    let asked = fakes.netease.requests().count
    #expect(asked <= 4)
    let other = TrackFacts(title: "别的歌", artist: "青石乐团", durationSeconds: 180)
    _ = online.resolve(other)
    #expect(fakes.netease.requests().count == asked)
  }

  /// After a rate limit (405) NetEase is left alone for a minute; after `-460`, for 15 s.
  @Test func aRateLimitBacksOffLongerThanAnotherRefusal() throws {
    for (body, stillBackedOffAt20s) in [
      (#"{"code": 405, "msg": "slow down"}"#, true), (#"{"code": -460, "msg": "Cheating"}"#, false),
    ] {
      let fakes = Fakes(
        kugou: try ProviderTestServer(routes: Self.kugouRoutes()),
        netease: try ProviderTestServer(routes: Self.neteaseRoutes(search: .ok(body))))
      let clock = ManualClock()
      let online = try lookup([.netease, .kugou], fakes, clock: clock)
      _ = online.resolve(track)
      let asked = fakes.netease.requests().count
      clock.advance(by: 20_000_000_000)
      _ = online.resolve(TrackFacts(title: "别的歌", artist: "青石乐团", durationSeconds: 180))
      #expect((fakes.netease.requests().count == asked) == stillBackedOffAt20s, "\(body)")
    }
  }

  /// Kugou's faults (a 5xx, an empty answer, content that is not base64, a KRC that does not
  /// unpack): NetEase's lyrics are shown, and Kugou got at most 4 requests.
  @Test(
    arguments: [
      ("search 502", ProviderTestServer.Reply.answer(status: 502, body: "bad gateway"), nil),
      ("empty search", .ok(""), nil),
      (
        "not base64", .ok(kugouSearch),
        .ok(#"{"status": 200, "fmt": "krc", "content": "%%% not base64 %%%"}"#)
      ),
      (
        "not a KRC", .ok(kugouSearch),
        .ok(#"{"status": 200, "fmt": "krc", "content": "bm90IGEga3JjIGF0IGFsbA=="}"#)
      ),
    ] as [(String, ProviderTestServer.Reply, ProviderTestServer.Reply?)])
  func aBrokenKugouAnswerHandsOverToNetEase(
    name: String, search: ProviderTestServer.Reply, download: ProviderTestServer.Reply?
  ) throws {
    var kugouRoutes = try Self.kugouRoutes(search: search, download: download)
    if let download { kugouRoutes["/download"] = download }
    let fakes = Fakes(
      kugou: try ProviderTestServer(routes: kugouRoutes),
      netease: try ProviderTestServer(routes: Self.neteaseRoutes()))
    let found = try #require(try lookup([.kugou, .netease], fakes).resolve(track).found, "\(name)")
    #expect(found.provider == .netease, "\(name)")
    #expect(shown(found) == expected, "\(name)")
    #expect(fakes.kugou.requests().count <= 4, "\(name)")
  }

  /// The cache keeps each provider's hit: the next lookup asks nobody, and the lyrics come
  /// back whole (word timing, translation) from the cache.
  @Test func aHitIsKeptInItsProvidersCache() throws {
    let fakes = Fakes(
      kugou: try ProviderTestServer(routes: Self.kugouRoutes()),
      netease: try ProviderTestServer(routes: Self.neteaseRoutes()))
    let folder = try Paths.makeTemporaryDirectory()
    let online = try lookup([.netease, .kugou], fakes, cacheFolder: folder)
    #expect(online.resolve(track).found?.provider == .netease)
    let asked = (fakes.kugou.requests().count, fakes.netease.requests().count)
    let again = try #require(online.resolve(track).found)
    #expect(again.origin == .cache && again.provider == .netease)
    #expect(again.sourceName == "cache (NetEase)")
    #expect(shown(again) == expected)
    #expect(again.lyrics?.lines.allSatisfy { !$0.words.isEmpty } == true)
    #expect((fakes.kugou.requests().count, fakes.netease.requests().count) == asked)
    let kugouCache = LyricsCache(
      directory: folder.appendingPathComponent("kugou").path, warn: { _ in })
    #expect(kugouCache.answer(for: track) == nil, "the loser is neither a hit nor a miss")
  }

  /// `lyricpip fetch` asks the same providers with the same ranking, says which one answered,
  /// and `--save-beside` writes their lyrics with the word stamps and the translation.
  @Test func fetchUsesTheSameProvidersAndSavesTheirLyrics() throws {
    let fakes = Fakes(
      kugou: try ProviderTestServer(routes: Self.kugouRoutes()),
      netease: try ProviderTestServer(routes: Self.neteaseRoutes()))
    let folder = try TemporaryDirectory()
    let song = try folder.write("月光邮筒.ogg", [0])
    let fetch = LibraryFetch(
      lookup: try lookup([.netease, .kugou], fakes), cache: nil,
      options: .init(saveBeside: true),
      readTags: { _ in
        AudioTags(title: track.title, artist: track.artist, durationSeconds: 201.4)
      },
      localLyrics: { _, _ in nil })
    var items: [FetchItem] = []
    let summary = fetch.run([song], each: { items.append($1) }, progress: { _, _ in })
    #expect(summary.synced == 1 && summary.saved == 1)
    #expect(items.first?.origin == "netease" && items.first?.recordID == nil)
    let saved = try String(
      contentsOfFile: BesideFile.lrcPath(besideAudio: song), encoding: .utf8)
    #expect(saved.contains("<00:02.20>装着"), "\(saved)")
    #expect(saved.contains(InventedProviderAnswers.translations[1]), "\(saved)")
  }

  /// The AMLL database through the lookup: its index searched here, the TTML fetched, the
  /// duet's translation and background vocals kept; Kugou, with nothing, hands over.
  @Test func theAMLLDatabaseAnswersThroughTheLookup() throws {
    let mirror = try ProviderTestServer(routes: [
      AMLLClientTests.indexPath: .ok(AMLLClientTests.index),
      AMLLClientTests.lyricsPath: .ok(AMLLClientTests.ttml),
    ])
    let kugouFake = try ProviderTestServer(routes: [
      "/search": .ok(InventedProviderAnswers.kugouEmptySearch)
    ])
    let amll = try AMLLClient(
      baseURL: mirror.baseURL + "/db", userAgent: "lyricpip-test", cache: nil, warn: { _ in })
    let kugou = try KugouClient(baseURL: kugouFake.baseURL, userAgent: "lyricpip-test")
    let online = OnlineLookup(
      providers: ProviderClients(order: [.kugou, .amll], kugou: kugou, amll: amll), caches: [:],
      clock: ManualClock())
    let found = try #require(online.resolve(AMLLClientTests.track).found)
    #expect(found.provider == .amll && found.providerID == "ncm-lyrics/90000001.ttml")
    #expect(found.sourceName == "AMLL TTML DB")
    let lines = found.lyrics?.lines ?? []
    #expect(lines.map(\.translation) == ["A paper boat drifts", "The lighthouse lights up"])
    #expect(lines.last?.background != nil)
    #expect(
      mirror.requests().map(\.path) == [AMLLClientTests.indexPath, AMLLClientTests.lyricsPath])
  }

  /// An AMLL entry named otherwise (here in Latin letters) but carrying the NetEase id of the
  /// song NetEase found is that song: its TTML is fetched beside NetEase's lyrics, where the
  /// names alone would never have found it.
  @Test func anAMLLEntryWithTheNetEaseSongsIdIsThatSong() throws {
    let entry = AMLLIndexTests.line(
      "Yueguang Youtong", ["Qingshi"], id: "3300001", file: "ncm-lyrics/3300001.ttml")
    let mirror = try ProviderTestServer(routes: [
      AMLLClientTests.indexPath: .ok(entry + "\n"),
      "/db/ncm-lyrics/3300001.ttml": .ok(AMLLClientTests.ttml),
    ])
    let neteaseFake = try ProviderTestServer(routes: try Self.neteaseRoutes())
    let amll = try AMLLClient(
      baseURL: mirror.baseURL + "/db", userAgent: "lyricpip-test", cache: nil, warn: { _ in })
    let netease = try NetEaseClient(baseURL: neteaseFake.baseURL, userAgent: "lyricpip-test")
    let online = OnlineLookup(
      providers: ProviderClients(order: [.netease, .amll], netease: netease, amll: amll),
      caches: [:], clock: ManualClock())
    _ = online.resolve(track)
    #expect(
      mirror.requests().map(\.path) == [AMLLClientTests.indexPath, "/db/ncm-lyrics/3300001.ttml"])
  }

  // MARK: The picker

  /// The picker lists both services' right candidates and no decoy; a choice's lyrics are
  /// fetched, kept in the cache, and found there again by the kept id.
  @Test func thePickerListsEveryProvidersCandidatesAndAChoiceHolds() throws {
    let fakes = Fakes(
      kugou: try ProviderTestServer(routes: Self.kugouRoutes()),
      netease: try ProviderTestServer(routes: Self.neteaseRoutes()))
    let folder = try Paths.makeTemporaryDirectory()
    let online = try lookup([.netease, .kugou], fakes, cacheFolder: folder)
    let choices = try online.choices(for: track)
    #expect(choices.map(\.provider) == [.kugou, .netease], "word-timed Kugou before unknown")
    #expect(choices.map(\.id) == ["7001 K7001KEY krc", "3300001"])
    #expect(choices.map(\.kindName) == ["word-timed", "lyrics"])
    #expect(requestedIDs(fakes.kugou).isEmpty && requestedIDs(fakes.netease).isEmpty)

    let chosen = try #require(online.lyrics(of: choices[1], for: track).found)
    #expect(chosen.provider == .netease && chosen.choiceID == "3300001")
    #expect(shown(chosen) == expected)
    let asked = fakes.netease.requests().count
    let again = try #require(online.resolve(track, chosen: .netease, id: "3300001").found)
    #expect(again.origin == .cache && shown(again) == expected)
    #expect(fakes.netease.requests().count == asked)
  }

  /// A kept Kugou choice with an empty cache: fetched by its id alone, no search.
  @Test func aKeptChoiceIsFetchedByItsIdWithoutASearch() throws {
    let fakes = Fakes(
      kugou: try ProviderTestServer(routes: Self.kugouRoutes()),
      netease: try ProviderTestServer(routes: Self.neteaseRoutes()))
    let online = try lookup([.kugou, .netease], fakes)
    let found = try #require(online.resolve(track, chosen: .kugou, id: "7001 K7001KEY krc").found)
    #expect(found.provider == .kugou && shown(found) == expected)
    #expect(fakes.kugou.requests().map(\.path) == ["/download"])
    #expect(fakes.netease.requests().isEmpty)
    #expect(online.resolve(track, chosen: .kugou, id: "../etc") == .notFound(cached: false))
  }

  /// `online = off` (or `--offline`): nothing at all reaches either service.
  @Test func offlineSendsNothing() throws {
    let fakes = Fakes(
      kugou: try ProviderTestServer(routes: Self.kugouRoutes()),
      netease: try ProviderTestServer(routes: Self.neteaseRoutes()))
    let kugou = try KugouClient(baseURL: fakes.kugou.baseURL, userAgent: "lyricpip-test")
    let netease = try NetEaseClient(baseURL: fakes.netease.baseURL, userAgent: "lyricpip-test")
    let offline = OnlineLookup(
      providers: ProviderClients(order: [.kugou, .netease], kugou: kugou, netease: netease),
      caches: [:], settings: .init(enabled: false), clock: ManualClock())
    #expect(!offline.isOnline)
    #expect(offline.resolve(track) == .skipped(.offline))
    #expect(fakes.kugou.requests().isEmpty && fakes.netease.requests().isEmpty)
  }
}
