import Foundation

/// One invented song as the local fakes of Kugou and NetEase serve it, each with a decoy listed
/// first: the end-to-end tests of `fetch` and of the picker ask for the same song in the same way.
public enum InventedProviderSong {
  public typealias Routes = [String: ProviderTestServer.Reply]

  /// Kugou: the same title by another artist, then the song; its lyrics `lrc` (enhanced LRC)
  /// downloaded as `fmt=lrc`.
  public static func kugouRoutes(lrc: String, durationMs: Int) -> Routes {
    [
      "/search": .ok(
        """
        {"status": 200, "candidates": [
          {"id": "9", "accesskey": "D", "song": "月光邮筒", "singer": "白桦合唱团",
           "duration": \(durationMs), "krctype": 0},
          {"id": "7001", "accesskey": "K", "song": "月光邮筒", "singer": "青石乐团",
           "duration": \(durationMs), "krctype": 0}]}
        """),
      "/download": .ok(
        #"{"status": 200, "info": "OK", "fmt": "lrc", "content": ""#
          + Data(lrc.utf8).base64EncodedString() + #""}"#),
    ]
  }

  /// NetEase: a Live take, then the song; its lyrics `yrc` (YRC, its line ends escaped for JSON).
  public static func neteaseRoutes(yrc: String, durationMs: Int) -> Routes {
    let search = """
      {"code": 200, "result": {"songCount": 2, "songs": [
        {"id": 3300003, "name": "月光邮筒 (Live)", "artists": [{"id": 1, "name": "青石乐团"}],
         "duration": \(durationMs), "alias": []},
        {"id": 3300001, "name": "月光邮筒", "artists": [{"id": 1, "name": "青石乐团"}],
         "duration": \(durationMs), "alias": []}]}}
      """
    return [
      "/api/search/get/web": .ok(search),
      "/api/song/lyric/v1": .ok(#"{"code": 200, "yrc": {"lyric": ""# + yrc + #""}}"#),
    ]
  }
}
