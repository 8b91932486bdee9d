import Foundation
import LyricsOnline
import Settings
import TestSupport
import Testing

@testable import LyricpipApp

/// The lookup the commands build from the settings: a provider not listed, or `--offline`,
/// sends nothing at all to its service (the local fakes count every request).
@Suite(.serialized) struct OnlineSetupTests {
  let track = TrackFacts(title: "月光邮筒", artist: "青石乐团", durationSeconds: 201.4)

  func environment(_ kugou: ProviderTestServer, _ netease: ProviderTestServer) throws
    -> [String: String]
  {
    let home = try Paths.makeTemporaryDirectory().path
    return [
      "XDG_CACHE_HOME": home + "/cache", "XDG_STATE_HOME": home + "/state",
      "LYRICPIP_LRCLIB_URL": LRCLIBTestServer.nowhere, "LYRICPIP_KUGOU_URL": kugou.baseURL,
      "LYRICPIP_NETEASE_URL": netease.baseURL, "LYRICPIP_AMLL_URL": netease.baseURL,
    ]
  }

  static let anything: [String: ProviderTestServer.Reply] = [
    "/search": .ok(#"{"status": 200, "candidates": []}"#),
    "/api/search/get/web": .ok(#"{"code": 200, "result": {"songCount": 0}}"#),
    "/api/cloudsearch/pc": .ok(#"{"code": 200, "result": {"songCount": 0}}"#),
  ]

  @Test(arguments: ["lrclib", "off"])
  func aProviderNotListedIsNeverAsked(online: String) throws {
    let kugou = try ProviderTestServer(routes: Self.anything)
    let netease = try ProviderTestServer(routes: Self.anything)
    let settings = AppConfig.parse("online = \(online)\n", file: "config").online
    let (lookup, _) = OnlineSetup.lookup(
      settings, offline: false, environment: try environment(kugou, netease))
    _ = lookup.resolve(track)
    #expect(kugou.requests().isEmpty && netease.requests().isEmpty)
  }

  @Test func offlineAsksNoneOfTheListed() throws {
    let kugou = try ProviderTestServer(routes: Self.anything)
    let netease = try ProviderTestServer(routes: Self.anything)
    let settings = AppConfig.parse("online = kugou, netease, amll\n", file: "config").online
    let (lookup, _) = OnlineSetup.lookup(
      settings, offline: true, environment: try environment(kugou, netease))
    #expect(!lookup.isOnline)
    #expect(lookup.resolve(track) == .skipped(.offline))
    #expect(kugou.requests().isEmpty && netease.requests().isEmpty)
  }

  /// The control: listed, both are asked, in the settings' order, each once for its notice.
  @Test func listedProvidersAreAskedAndEachNoticeIsShownOnce() throws {
    let kugou = try ProviderTestServer(routes: Self.anything)
    let netease = try ProviderTestServer(routes: Self.anything)
    let environment = try environment(kugou, netease)
    let settings = AppConfig.parse("online = netease kugou\n", file: "config").online
    let (lookup, _) = OnlineSetup.lookup(settings, offline: false, environment: environment)
    #expect(lookup.providerOrder == [.netease, .kugou])
    #expect(lookup.resolve(track) == .notFound(cached: false))
    #expect(!kugou.requests().isEmpty && !netease.requests().isEmpty)
    let state = environment["XDG_STATE_HOME"]! + "/lyricpip/"
    for marker in ["online-notice-shown-kugou", "online-notice-shown-netease"] {
      #expect(FileManager.default.fileExists(atPath: state + marker), "\(marker)")
    }
    #expect(!FileManager.default.fileExists(atPath: state + "online-notice-shown"))
  }

  /// Each notice names the server and how to turn the service off; Kugou's and NetEase's say
  /// they are not published APIs.
  @Test func eachNoticeSaysWhereAndHowToTurnItOff() {
    for provider in OnlineProvider.allCases {
      let text = OnlineNotice.text(server: "http://host.example", provider: provider)
      #expect(text.contains("http://host.example"), "\(provider)")
      #expect(text.contains("--offline") && text.contains("online"), "\(provider)")
      #expect(
        text.contains("not a published API") == (provider == .kugou || provider == .netease),
        "\(provider)")
    }
  }
}
