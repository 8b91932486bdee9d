import Foundation
import TestSupport
import Testing

/// The main window with `online = kugou, netease`, on a private X server with openbox and the
/// local fakes of both services: the provider named in the status, the picker listing both
/// services' candidates (no decoy), a choice of the other service shown and kept, and the next
/// play taking it from the cache without asking either service.
@Suite(.tags(.realTime), .enabled(if: Service.x11.shouldRun), .timeLimit(.minutes(5)))
struct ProviderPickerWindowTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory()
  }

  static func kugouRoutes() -> InventedProviderSong.Routes {
    InventedProviderSong.kugouRoutes(
      lrc: "[00:00.50]<00:00.50>信封<00:01.50>月光\n[00:03.00]<00:03.00>邮筒<00:04.00>等我\n",
      durationMs: 60000)
  }

  static func neteaseRoutes() -> InventedProviderSong.Routes {
    InventedProviderSong.neteaseRoutes(
      yrc:
        "[500,2000](500,1000,0)纸上(1500,1000,0)的月\\n[3000,2000](3000,1000,0)街角(4000,1000,0)的灯\\n",
      durationMs: 60000)
  }

  func play(
    _ track: String, on desktop: PrivateDesktop, kugou: ProviderTestServer,
    netease: ProviderTestServer
  ) throws -> PlayProcess {
    let run = folder.url.appendingPathComponent("run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
    return try PlayProcess(
      [track], display: desktop.display, folder: run,
      environment: [
        "LYRICPIP_KUGOU_URL": kugou.baseURL, "LYRICPIP_NETEASE_URL": netease.baseURL,
        "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
        "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
        "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
      ])
  }

  func status(_ player: PlayProcess, _ predicate: @escaping ([String: Any]) -> Bool)
    -> [String: Any]?
  {
    player.waitForEvent { $0["event"] as? String == "lyrics-status" && predicate($0) }
  }

  func statuses(_ player: PlayProcess) -> [String] {
    player.events().filter { $0["event"] as? String == "lyrics-status" }.map {
      "\($0["state"] as? String ?? "?") \($0["source"] as? String ?? "-")"
    }
  }

  @Test func thePickerListsBothServicesAndAChoiceOfTheOtherHolds() throws {
    let track = folder.appendingPathComponent("song.ogg").path
    try ToneFile.write(to: track, seconds: 60, tags: ["title": "月光邮筒", "artist": "青石乐团"])
    _ = try folder.write("config/lyricpip/config", Array("online = kugou, netease\n".utf8))
    let kugou = try ProviderTestServer(routes: Self.kugouRoutes())
    let netease = try ProviderTestServer(routes: Self.neteaseRoutes())
    let desktop = try PrivateDesktop()
    do {
      let player = try play(track, on: desktop, kugou: kugou, netease: netease)
      defer { _ = player.terminate() }
      // Equal word-timed answers: the first of the settings' order, named.
      let first = status(player) { $0["state"] as? String == "timed" }
      #expect(first?["provider"] as? String == "kugou", "\(statuses(player)) \(player.stderr)")
      #expect(first?["source"] as? String == "Kugou")
      try #require(player.waitForMainFocus(), "no focus: \(player.stderr)")
      try desktop.run("xdotool", ["key", "c"])
      let listed = player.waitForEvent { $0["event"] as? String == "choices" }
      #expect(listed?["count"] as? Int == 2, "\(player.events()) \(player.stderr)")
      // The second row is NetEase's: fetched, shown, named as the choice.
      try desktop.run("xdotool", ["key", "Down", "Return"])
      let chosen = status(player) { $0["provider"] as? String == "netease" }
      #expect(chosen?["source"] as? String == "NetEase, your choice", "\(statuses(player))")
    }
    let state = try String(
      contentsOfFile: folder.appendingPathComponent("state/lyricpip/state.json").path,
      encoding: .utf8)
    #expect(state.contains("3300001") && state.contains("netease"), "\(state)")
    #expect(kugou.requests().allSatisfy { $0.query["id"] != "9" })
    #expect(netease.requests().allSatisfy { $0.query["id"] != "3300003" })
    let asked = (kugou.requests().count, netease.requests().count)
    let player = try play(track, on: desktop, kugou: kugou, netease: netease)
    defer { _ = player.terminate() }
    let again = status(player) { $0["state"] as? String != "looking-up" }
    #expect(again?["provider"] as? String == "netease", "\(statuses(player)) \(player.stderr)")
    #expect(again?["source"] as? String == "cache (NetEase), your choice")
    #expect((kugou.requests().count, netease.requests().count) == asked)
  }
}
