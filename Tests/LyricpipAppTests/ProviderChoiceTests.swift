import Clocks
import Foundation
import Locking
import LyricsOnline
import LyricsProviders
import PlayerContract
import Session
import SessionWiring
import TestSupport
import Testing

/// A choice of another provider's lyrics, kept in the saved state, holds at the next play: the
/// provider's lyrics by their id, no search; the status names the provider.
@Suite(.serialized) struct ProviderChoiceTests {
  let track = TrackInfo(
    path: "/music/月光邮筒.ogg", title: "月光邮筒", artist: "青石乐团",
    durationNanos: 201_400_000_000)

  static let download: String = {
    // A KRC answer in Kugou's shape, word-timed (LRC with word stamps read as KRC would be
    // more work than this test needs: the download's `fmt: lrc` with enhanced LRC).
    let lrc = "[00:01.00]<00:01.00>信封里<00:02.20>装着\n[00:05.00]<00:05.00>邮筒<00:06.00>等我\n"
    return #"{"status": 200, "info": "OK", "fmt": "lrc", "content": ""#
      + Data(lrc.utf8).base64EncodedString() + #""}"#
  }()

  func provider(_ server: ProviderTestServer, choice: LyricsChoice?) throws
    -> OnlineLyricsProvider
  {
    let kugou = try KugouClient(baseURL: server.baseURL, userAgent: "lyricpip-test")
    let lookup = OnlineLookup(
      providers: ProviderClients(order: [.kugou], kugou: kugou), caches: [:],
      clock: ManualClock())
    let provider = OnlineLyricsProvider(lookup: lookup, serverURL: "", say: { _ in })
    provider.readChoices(from: { _ in choice })
    return provider
  }

  func answer(_ provider: OnlineLyricsProvider) throws -> FoundLyrics? {
    let box = Mutex<FoundLyrics??>(nil)
    provider.findLyrics(for: track) { found in box.withLock { $0 = .some(found) } }
    let deadline = Date().addingTimeInterval(20)
    while box.withLock({ $0 }) == nil, Date() < deadline { usleep(10_000) }
    return try #require(box.withLock { $0 })
  }

  @Test func aKeptChoiceIsFetchedByItsIdAndNamesItsProvider() throws {
    let server = try ProviderTestServer(routes: ["/download": .ok(Self.download)])
    let found = try #require(
      try answer(provider(server, choice: .provider(name: "kugou", id: "7001 KEY lrc"))))
    #expect(found.lyrics.lines.map(\.text) == ["信封里装着", "邮筒等我"])
    #expect(found.status.source == "Kugou, your choice")
    #expect(found.status.provider == "kugou")
    #expect(server.requests().map(\.path) == ["/download"])
    #expect(server.requests().first?.query["id"] == "7001")
  }

  /// A provider this version does not know: the usual lookup (a search), not a failure.
  @Test func aChoiceOfAnUnknownProviderIsLookedUpAsUsual() throws {
    let server = try ProviderTestServer(routes: [
      "/search": .ok(#"{"status": 200, "candidates": []}"#)
    ])
    let found = try answer(provider(server, choice: .provider(name: "qq", id: "1")))
    #expect(found?.status.state == .notFound)
    #expect(server.requests().map(\.path) == ["/search"])
  }

  /// The saved state writes and reads the choice back.
  @Test func theChoiceIsKeptInTheSavedState() throws {
    let choice = LyricsChoice.provider(name: "netease", id: "3300001")
    let json = try JSONEncoder().encode(choice)
    #expect(String(decoding: json, as: UTF8.self).contains(#""provider""#))
    #expect(try JSONDecoder().decode(LyricsChoice.self, from: json) == choice)
  }
}
