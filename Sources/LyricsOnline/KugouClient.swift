import ProviderAnswers

/// Kugou's lyrics host, as peers ask it (it publishes no API): the lyric candidates search
/// (`/search`) by `artist - title` and the duration in ms, then the download (`/download`) of
/// the chosen candidate, KRC when it offers word timing, else LRC. At most 3 requests for a
/// track: the search, the download and, when a KRC does not unpack, the same lyrics once more
/// as LRC. Blocking: call it from a lookup thread, never with a lock held.
public struct KugouClient: Sendable {
  /// The public lyrics host.
  public static let publicServer = "https://lyrics.kugou.com"

  public var endpoint: ServiceEndpoint

  public init(
    baseURL: String = publicServer, transport: any HTTPTransport = CurlTransport(),
    userAgent: String
  ) throws(LRCLIBClient.BadURL) {
    endpoint = try ServiceEndpoint(baseURL: baseURL, transport: transport, userAgent: userAgent)
  }

  /// The track's lyrics: the candidates searched, one chosen by `choose` (the ranking's work;
  /// nil chooses none), its lyrics downloaded. No candidate, or none chosen, is `.noLyrics`.
  public func lookUp(
    _ track: TrackFacts, choosing choose: ([KugouCandidate]) -> KugouCandidate?
  ) throws(ProviderFailure) -> ProviderLyricsAnswer {
    guard let chosen = choose(try candidates(for: track)) else { return .noLyrics }
    return try lyrics(of: chosen)
  }

  /// `/search`: every candidate the service lists, in its order, decoys included.
  public func candidates(for track: TrackFacts) throws(ProviderFailure) -> [KugouCandidate] {
    var query: [(name: String, value: String)] = [
      ("ver", "1"), ("man", "yes"), ("client", "pc"), ("keyword", Self.keyword(track)),
    ]
    if let ms = track.wholeMilliseconds { query.append(("duration", String(ms))) }
    return try endpoint.read(endpoint.get("/search", query), KugouSearchAnswer.read)
  }

  /// `/download` of one candidate: KRC when it offers it, else LRC; a KRC that does not unpack
  /// is asked for once more as LRC (the same lyrics without word timing beat none).
  public func lyrics(of candidate: KugouCandidate) throws(ProviderFailure) -> ProviderLyricsAnswer {
    guard candidate.offersKRC else { return try download(candidate, format: "lrc") }
    do {
      return try download(candidate, format: "krc")
    } catch .failed(let failure) where failure.kind == .malformed {
      return try download(candidate, format: "lrc")
    }
  }

  private func download(_ candidate: KugouCandidate, format: String) throws(ProviderFailure)
    -> ProviderLyricsAnswer
  {
    let query: [(name: String, value: String)] = [
      ("ver", "1"), ("client", "pc"), ("id", candidate.id), ("accesskey", candidate.accessKey),
      ("fmt", format), ("charset", "utf8"),
    ]
    return try endpoint.read(endpoint.get("/download", query), KugouDownloadAnswer.read)
  }

  /// `artist - title`, as the service's own client writes it; the title alone without an
  /// artist.
  static func keyword(_ track: TrackFacts) -> String {
    let artist = track.artist.trimmingEdges()
    let title = track.title.trimmingEdges()
    return artist.isEmpty ? title : "\(artist) - \(title)"
  }
}
