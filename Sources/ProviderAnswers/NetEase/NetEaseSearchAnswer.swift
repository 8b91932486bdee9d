/// Reads the answer of NetEase's song search in both of its shapes:
/// `/api/search/get/web` (and `/api/search/get`, `/api/search/pc`) name a song's fields
/// `artists`, `album`, `duration`, `alias`; `/api/cloudsearch/pc` names them `ar`, `al`, `dt`,
/// `alia`. Both wrap the songs as `{"code": 200, "result": {"songCount": N, "songs": […]}}`;
/// a search that found nothing may leave out `songs` or `result`. Every song is kept in the
/// service's order, decoys included; one without an id is dropped.
public enum NetEaseSearchAnswer {
  static let service = "NetEase search"

  public static func read(_ bytes: [UInt8]) throws(ProviderAnswerError) -> [NetEaseSong] {
    let answer = try AnswerJSON.decode(Answer.self, from: bytes, service: service)
    try NetEaseStatus.check(code: answer.code?.value, message: answer.msg ?? answer.message)
    return (answer.result?.songs ?? []).compactMap { entry -> NetEaseSong? in
      guard let song = entry.value, let id = song.id?.value else { return nil }
      let artists = (song.artists ?? song.ar ?? []).compactMap { $0.value?.name }
      return NetEaseSong(
        id: id, name: song.name ?? "", artists: artists,
        album: (song.album ?? song.al)?.value?.name,
        durationMs: (song.duration ?? song.dt)?.value,
        aliases: (song.alias ?? song.alia ?? []).compactMap(\.value))
    }
  }

  struct Answer: Decodable {
    var code: LooseInt?
    var msg: String?
    var message: String?
    var result: Result?
  }

  struct Result: Decodable {
    var songs: [Lenient<Song>]?
  }

  struct Named: Decodable {
    var name: String?
  }

  struct Song: Decodable {
    var id: LooseInt?
    var name: String?
    var artists: [Lenient<Named>]?
    var ar: [Lenient<Named>]?
    var album: Lenient<Named>?
    var al: Lenient<Named>?
    var duration: LooseInt?
    var dt: LooseInt?
    var alias: [Lenient<String>]?
    var alia: [Lenient<String>]?
  }
}
