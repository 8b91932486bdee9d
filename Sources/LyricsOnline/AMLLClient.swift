import FoundationEssentials
import Locking
import ProviderAnswers

/// The AMLL TTML database (a CC0 collection of word-timed TTML, served as static files from a
/// raw-file mirror of its repository): the metadata index (`metadata/raw-lyrics-index.jsonl`)
/// fetched on first use, kept in `AMLLIndexCache` and fetched again only when a week old, the
/// track looked for in it locally (`AMLLIndex`), then the chosen song's TTML
/// (`ncm-lyrics/<id>.ttml`) fetched and read by the TTML reader. Per track at most two
/// requests: the index (only when it is missing or a week old) and the TTML. Not yet asked by
/// the lookup. Blocking: call it from a lookup thread, never with a lock held.
public struct AMLLClient: Sendable {
  public var endpoint: ServiceEndpoint
  /// The user's language, for the TTML reader's choice among several translations.
  public let translationLocale: String?
  private let cache: AMLLIndexCache?
  private let now: @Sendable () -> Int64
  private let warn: @Sendable (String) -> Void
  /// The index in use, read once rather than at every track; shared by the copies of a client.
  private let loaded = LoadedIndex()

  /// The index is fetched again when older than this.
  public static let indexLifetime: Int64 = 7 * 24 * 3600
  /// The index is over LRCLIB's 1 MiB body limit (about 1.5 MB); the TTML keeps that limit.
  public static let indexBodyCap = AMLLIndexCache.sizeCap
  public static let indexPath = "/metadata/raw-lyrics-index.jsonl"

  /// `baseURL` is the mirror's root, where `metadata/` and `ncm-lyrics/` are (no default yet:
  /// the setting `amll-url` will give one). `cache` nil keeps the index in memory only.
  public init(
    baseURL: String, transport: any HTTPTransport = CurlTransport(), userAgent: String,
    cache: AMLLIndexCache?, translationLocale: String? = nil,
    now: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) },
    warn: @escaping @Sendable (String) -> Void
  ) throws(LRCLIBClient.BadURL) {
    endpoint = try ServiceEndpoint(baseURL: baseURL, transport: transport, userAgent: userAgent)
    self.cache = cache
    self.translationLocale = translationLocale
    self.now = now
    self.warn = warn
  }

  /// The track's lyrics: the index searched (an entry with `neteaseId` first), one entry chosen
  /// by `choose` (the ranking's work; nil chooses none), its TTML fetched. No entry, or none
  /// chosen, is `.noLyrics`.
  public func lookUp(
    _ track: TrackFacts, neteaseId: String? = nil,
    choosing choose: ([AMLLIndexEntry]) -> AMLLIndexEntry?
  ) throws(ProviderFailure) -> ProviderLyricsAnswer {
    guard let chosen = choose(try candidates(for: track, neteaseId: neteaseId)) else {
      return .noLyrics
    }
    return try lyrics(of: chosen)
  }

  /// The index's entries for the track, best first (`AMLLIndex.candidates`).
  public func candidates(for track: TrackFacts, neteaseId: String? = nil) throws(ProviderFailure)
    -> [AMLLIndexEntry]
  {
    try index().candidates(for: track, neteaseId: neteaseId)
  }

  /// The index's entry for the NetEase song `id` (the newest submission when several carry it);
  /// nil when none does. Local once the index is in: a lookup's own search read it.
  public func entry(neteaseId id: String) throws(ProviderFailure) -> AMLLIndexEntry? {
    try index().entries.last { $0.neteaseIds.contains(id) }
  }

  /// One entry's TTML, read.
  public func lyrics(of entry: AMLLIndexEntry) throws(ProviderFailure) -> ProviderLyricsAnswer {
    guard let path = entry.lyricsPath else { return .noLyrics }
    let response = try get("/" + path, maxBodyBytes: endpoint.maxBodyBytes, accept: "*/*")
    let locale = translationLocale
    return try endpoint.read(response) { (bytes) throws(ProviderAnswerError) in
      try AMLLLyricsAnswer.read(bytes, locale: locale)
    }
  }

  /// The index: the one in memory or on disk while under a week old, else fetched (and kept).
  /// When the fetch fails and an older index is at hand, that one serves: a week-old index
  /// finds almost every song a fresh one does. Two threads that find the index old at once
  /// may both fetch it; the second's replaces the first's.
  public func index() throws(ProviderFailure) -> AMLLIndex {
    let time = now()
    let source = endpoint.baseURL + Self.indexPath
    let current = loaded.state.withLock { $0 }.flatMap { $0.source == source ? $0 : nil }
    if let current, time - current.fetchedAt < Self.indexLifetime { return current.index }
    var stale = current?.index
    // The file may be newer than the memory's (another instance fetched it); the same one is
    // not read again.
    if let stored = cache?.load(source: source), stored.fetchedAt != current?.fetchedAt {
      let index = AMLLIndex(jsonl: stored.jsonl)
      if !index.entries.isEmpty {
        if time - stored.fetchedAt < Self.indexLifetime {
          loaded.state.withLock { $0 = (index, stored.fetchedAt, source) }
          return index
        }
        stale = index
      }
    }
    do {
      let (index, body) = try fetchIndex()
      cache?.store(body, source: source, fetchedAt: time)
      loaded.state.withLock { $0 = (index, time, source) }
      return index
    } catch {
      guard let stale else { throw error }
      warn("AMLL index: \(error); the older index is used")
      return stale
    }
  }

  private func fetchIndex() throws(ProviderFailure) -> (AMLLIndex, [UInt8]) {
    let response = try get(
      Self.indexPath, maxBodyBytes: Self.indexBodyCap, accept: "application/x-ndjson, */*")
    guard response.status == 200 else {
      throw .failed(
        LookupFailure(
          .server(status: response.status), "\(endpoint.host): HTTP \(response.status)"))
    }
    let index = AMLLIndex(jsonl: response.body)
    // A mirror that answers with a page of its own (a login, a notice) is not an index.
    guard !index.entries.isEmpty else {
      throw .failed(
        LookupFailure(
          .malformed,
          "\(endpoint.host): the AMLL index has no readable line (\(index.skippedLines) bad)"))
    }
    if index.skippedLines > 0 {
      warn("AMLL index: \(index.skippedLines) of its lines did not read and were skipped")
    }
    return (index, response.body)
  }

  /// One GET of a static file (no query), with the endpoint's bounds but this body limit; a 5xx
  /// is the service unavailable now, as for the other providers.
  private func get(_ path: String, maxBodyBytes: Int, accept: String) throws(ProviderFailure)
    -> HTTPResponse
  {
    let request = HTTPRequest(
      url: endpoint.baseURL + path, headers: ["Accept: \(accept)"], userAgent: endpoint.userAgent,
      connectTimeoutMs: endpoint.connectTimeoutMs, totalTimeoutMs: endpoint.totalTimeoutMs,
      maxBodyBytes: maxBodyBytes)
    let response: HTTPResponse
    do {
      response = try endpoint.transport.get(request)
    } catch {
      throw .failed(LookupFailure(.network(error.kind), "\(endpoint.host): \(error.message)"))
    }
    if let refusal = ProviderRefusal(httpStatus: response.status) { throw .unavailable(refusal) }
    return response
  }
}

/// The index a client read, when it was fetched and from where (the index's URL: a client whose
/// base URL changed must not use another mirror's index).
final class LoadedIndex: Sendable {
  let state = Mutex<(index: AMLLIndex, fetchedAt: Int64, source: String)?>(nil)
}
