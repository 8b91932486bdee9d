import ProviderAnswers

/// NetEase Cloud Music's plain, unencrypted endpoints, as peers ask them (it publishes no API;
/// no encrypted flavour, no cookie, no borrowed identity): the song search
/// (`/api/search/get/web`, then `/api/cloudsearch/pc` when that finds nothing or fails), then
/// the lyrics of the chosen song (`/api/song/lyric/v1` with every version flag `-1`, then
/// `/api/song/lyric` when that fails). At most 4 requests for a track. A refusal (`-460`,
/// `405`, `-462`, HTTP 5xx) ends the track at once as `.unavailable`; a request that got no
/// response is not repeated, so a track waits at most one timeout per request made.
/// Blocking: call it from a lookup thread, never with a lock held.
public struct NetEaseClient: Sendable {
  /// The public server.
  public static let publicServer = "https://music.163.com"

  public var endpoint: ServiceEndpoint

  /// How many songs a search asks for.
  static let searchLimit = 10

  public init(
    baseURL: String = publicServer, transport: any HTTPTransport = CurlTransport(),
    userAgent: String
  ) throws(LRCLIBClient.BadURL) {
    endpoint = try ServiceEndpoint(baseURL: baseURL, transport: transport, userAgent: userAgent)
  }

  /// The track's lyrics: the songs searched, one chosen by `choose` (the ranking's work; nil
  /// chooses none), its lyrics fetched. No song, or none chosen, is `.noLyrics`.
  public func lookUp(_ track: TrackFacts, choosing choose: ([NetEaseSong]) -> NetEaseSong?)
    throws(ProviderFailure) -> ProviderLyricsAnswer
  {
    guard let chosen = choose(try songs(for: track)) else { return .noLyrics }
    return try lyrics(ofSong: chosen.id)
  }

  /// The songs the search finds by title and artist, in the service's order, decoys included:
  /// the web search's, or the cloud search's when the web search finds none or fails.
  public func songs(for track: TrackFacts) throws(ProviderFailure) -> [NetEaseSong] {
    let query = Self.searchQuery(track)
    do {
      let songs = try search("/api/search/get/web", query)
      if !songs.isEmpty { return songs }
    } catch .failed(let failure) where !Self.isNoResponse(failure) {
      // The other search below; a refusal or a request that got no response went up instead.
    }
    return try search("/api/cloudsearch/pc", query)
  }

  /// The lyrics of one song: `/api/song/lyric/v1` (the only one with YRC), or `/api/song/lyric`
  /// when that answered with something other than lyrics, their absence or a refusal (the
  /// endpoint gone, or an answer that does not read).
  public func lyrics(ofSong id: Int) throws(ProviderFailure) -> ProviderLyricsAnswer {
    do {
      return try endpoint.read(
        endpoint.get("/api/song/lyric/v1", Self.lyricsV1Query(id)), NetEaseLyricAnswer.read)
    } catch .failed(let failure) where !Self.isNoResponse(failure) {
      return try endpoint.read(
        endpoint.get("/api/song/lyric", Self.lyricsQuery(id)), NetEaseLyricAnswer.read)
    }
  }

  private func search(_ path: String, _ query: [(name: String, value: String)])
    throws(ProviderFailure) -> [NetEaseSong]
  {
    try endpoint.read(endpoint.get(path, query), NetEaseSearchAnswer.read)
  }

  /// Songs (`type=1`) by title and artist, the first page.
  static func searchQuery(_ track: TrackFacts) -> [(name: String, value: String)] {
    let words = [track.title.trimmingEdges(), track.artist.trimmingEdges()].filter { !$0.isEmpty }
    return [
      ("s", words.joined(separator: " ")), ("type", "1"), ("offset", "0"),
      ("limit", String(searchLimit)),
    ]
  }

  /// Every document in its latest version (`-1`: "the version I have is none"; a `1` has been
  /// seen to empty the LRC), YRC and its translation and romanisation included.
  static func lyricsV1Query(_ id: Int) -> [(name: String, value: String)] {
    [("id", String(id)), ("cp", "false")]
      + ["lv", "kv", "tv", "rv", "yv", "ytv", "yrv"].map { ($0, "-1") }
  }

  /// The older endpoint's flags: LRC, karaoke, translation, romanisation.
  static func lyricsQuery(_ id: Int) -> [(name: String, value: String)] {
    [("id", String(id))] + ["lv", "kv", "tv", "rv"].map { ($0, "-1") }
  }

  /// A request that got no response: asking another endpoint of the same host would wait as
  /// long again.
  static func isNoResponse(_ failure: LookupFailure) -> Bool {
    if case .network = failure.kind { return true }
    return false
  }
}
