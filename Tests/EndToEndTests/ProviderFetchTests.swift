import Foundation
import TestSupport
import Testing

/// `lyricpip fetch` with other providers listed in the settings, against local fakes of Kugou
/// and NetEase that count every request: the settings' order decides between equal answers,
/// and `--offline` or `online = lrclib` send the other services nothing at all.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ProviderFetchTests {
  let folder: TemporaryDirectory
  let song: String

  init() throws {
    folder = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: folder.appendingPathComponent("music").path, withIntermediateDirectories: true)
    song = try ToneFile.write(
      to: folder.appendingPathComponent("music/月光邮筒.ogg").path, seconds: 2,
      tags: ["title": "月光邮筒", "artist": "青石乐团"])
  }

  static let kugouRoutes = InventedProviderSong.kugouRoutes(
    lrc: "[00:00.20]<00:00.20>信封<00:00.80>月光\n[00:01.00]<00:01.00>邮筒<00:01.50>等我\n",
    durationMs: 2000)
  static let neteaseRoutes = InventedProviderSong.neteaseRoutes(
    yrc: "[200,800](200,600,0)信封(800,400,0)月光\\n[1000,900](1000,500,0)邮筒(1500,400,0)等我\\n",
    durationMs: 2000)

  func fetch(online: String, _ arguments: [String], kugou: String, netease: String) throws
    -> ProcessResult
  {
    let config = folder.appendingPathComponent("config/lyricpip").path
    try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
    try Data("online = \(online)\n".utf8).write(to: URL(fileURLWithPath: config + "/config"))
    let result = try ProcessRunner.run(
      Paths.lyricpipBinary, ["fetch", "--json"] + arguments + [song],
      environment: [
        "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
        "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
        "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
        "LYRICPIP_LRCLIB_URL": LRCLIBTestServer.nowhere, "LYRICPIP_KUGOU_URL": kugou,
        "LYRICPIP_NETEASE_URL": netease,
      ], timeout: 60)
    #expect(!result.endedBySignal, "lyricpip crashed: \(result.stderr)")
    return result
  }

  func item(_ result: ProcessResult) throws -> [String: Any] {
    let line = try #require(result.stdout.split(separator: "\n").first, "\(result.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  @Test(arguments: [("kugou, netease", "kugou"), ("netease kugou", "netease")])
  func theFirstOfEqualAnswersIsTakenAndSaved(online: String, provider: String) throws {
    let kugou = try ProviderTestServer(routes: Self.kugouRoutes)
    let netease = try ProviderTestServer(routes: Self.neteaseRoutes)
    let result = try fetch(
      online: online, ["--save-beside"], kugou: kugou.baseURL, netease: netease.baseURL)
    #expect(result.status == 0, "\(result.stderr)")
    let json = try item(result)
    #expect(json["result"] as? String == "synced", "\(json)")
    #expect(json["source"] as? String == provider, "\(json)")
    let saved = try String(
      contentsOfFile: folder.appendingPathComponent("music/月光邮筒.lrc").path, encoding: .utf8)
    #expect(saved.contains("<00:00.80>月光"), "word stamps kept: \(saved)")
    #expect(kugou.requests().allSatisfy { $0.query["id"] != "9" }, "a decoy's lyrics asked")
    #expect(netease.requests().allSatisfy { $0.query["id"] != "3300003" })
    // Each service's notice, once, on stderr.
    #expect(result.stderr.contains("looking up lyrics on Kugou"), "\(result.stderr)")
    #expect(result.stderr.contains("looking up lyrics on NetEase"), "\(result.stderr)")
  }

  @Test(arguments: [("kugou, netease", ["--offline"]), ("lrclib", [])])
  func nothingIsSentToAServiceNotAsked(online: String, arguments: [String]) throws {
    let kugou = try ProviderTestServer(routes: Self.kugouRoutes)
    let netease = try ProviderTestServer(routes: Self.neteaseRoutes)
    let result = try fetch(
      online: online, arguments, kugou: kugou.baseURL, netease: netease.baseURL)
    #expect(try item(result)["result"] as? String == "failed", "\(result.stdout)")
    #expect(kugou.requests().isEmpty && netease.requests().isEmpty)
    #expect(!result.stderr.contains("Kugou") && !result.stderr.contains("NetEase"))
  }
}
