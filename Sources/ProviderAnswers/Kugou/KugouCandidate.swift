/// One lyrics candidate of Kugou's lyrics search, as the service gives it: what the download
/// needs (`id`, `accessKey`) and what the ranking compares.
public struct KugouCandidate: Equatable, Sendable {
  /// The lyrics' id on the lyrics host (digits, kept as text).
  public var id: String
  /// The key the download asks for with the id.
  public var accessKey: String
  /// The song's name as the service spells it.
  public var song: String
  /// The singers as one string, as the service joins them (often with `、`).
  public var singer: String
  /// The length of the recording the lyrics were timed to, in milliseconds.
  public var durationMs: Int?
  /// Kugou's `krctype`: 1 when word-timed KRC is there to download.
  public var krcType: Int?
  /// Kugou's `contenttype`; peers ask for LRC rather than KRC when it is 1.
  public var contentType: Int?
  /// The service's own score of the match, when it sends one.
  public var score: Int?

  public init(
    id: String, accessKey: String, song: String, singer: String, durationMs: Int? = nil,
    krcType: Int? = nil, contentType: Int? = nil, score: Int? = nil
  ) {
    self.id = id
    self.accessKey = accessKey
    self.song = song
    self.singer = singer
    self.durationMs = durationMs
    self.krcType = krcType
    self.contentType = contentType
    self.score = score
  }

  /// Whether the download should ask for KRC (`fmt=krc`) rather than LRC: peers ask for KRC
  /// only when the candidate says word-timed KRC is there (`krctype` 1) and its content type is
  /// not 1, and LRC otherwise; a candidate that says nothing is asked for KRC, the richer form.
  public var offersKRC: Bool {
    (krcType ?? 1) == 1 && contentType != 1
  }
}
