/// Reads the answer of Kugou's lyrics search (`/search?ver=1&man=yes&client=pc&keyword=…&
/// duration=…` on the lyrics host):
/// `{"status": 200, "errcode": 200, "candidates": [{"id", "accesskey", "song", "singer",
/// "duration" (ms), …}]}`. Every candidate is kept in the service's order, decoys included
/// (choosing is the ranking's work); one without an id or an access key cannot be downloaded
/// and is dropped.
public enum KugouSearchAnswer {
  static let service = "Kugou search"

  public static func read(_ bytes: [UInt8]) throws(ProviderAnswerError) -> [KugouCandidate] {
    let answer = try AnswerJSON.decode(Answer.self, from: bytes, service: service)
    if let status = answer.status?.value, status != 200 {
      throw .failed(code: status, message: answer.errmsg ?? answer.info)
    }
    return (answer.candidates ?? []).compactMap { entry -> KugouCandidate? in
      guard let candidate = entry.value, let id = candidate.id?.text, !id.isEmpty,
        let accessKey = candidate.accesskey, !accessKey.isEmpty
      else { return nil }
      return KugouCandidate(
        id: id, accessKey: accessKey, song: candidate.song ?? "", singer: candidate.singer ?? "",
        durationMs: candidate.duration?.value, krcType: candidate.krctype?.value,
        contentType: candidate.contenttype?.value, score: candidate.score?.value)
    }
  }

  struct Answer: Decodable {
    var status: LooseInt?
    var info: String?
    var errmsg: String?
    var candidates: [Lenient<Candidate>]?
  }

  struct Candidate: Decodable {
    var id: TextOrNumber?
    var accesskey: String?
    var song: String?
    var singer: String?
    var duration: LooseInt?
    var krctype: LooseInt?
    var contenttype: LooseInt?
    var score: LooseInt?
  }
}
