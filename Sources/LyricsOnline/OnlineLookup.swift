import Clocks
import Locking

/// The online step of the lyrics order, after every local source: the cache, then LRCLIB
/// (`/api/get`, then `/api/search` through our own ranking), the answer kept in the cache.
/// `resolve` blocks on its caller's thread; `lookUp` answers later, from a lookup thread, so
/// playback and the windows never wait for the network.
public final class OnlineLookup: Sendable {
  public struct Settings: Sendable, Equatable {
    /// `online = lrclib`: true; `off` or `--offline`: false, and no connection is ever made.
    public var enabled: Bool
    public var ranking: LRCLIBRanking
    /// After a failure, the track is not asked again for this long (seconds).
    public var retryAfterFailure: Double

    public init(enabled: Bool = true, toleranceSeconds: Double = 2, retryAfterFailure: Double = 600)
    {
      self.enabled = enabled
      ranking = LRCLIBRanking(toleranceSeconds: toleranceSeconds)
      self.retryAfterFailure = retryAfterFailure
    }
  }

  public let settings: Settings
  private let client: LRCLIBClient?
  private let cache: LyricsCache?
  private let clock: any EventClock
  private let pool: WorkPool
  /// Monotonic instant (ns) of the last failure per track.
  private let failures = Mutex<[CacheKey: Int64]>([:])
  /// Run once, on the lookup's thread, before the first request leaves (the notice of what is
  /// sent); the request waits for it.
  private let beforeFirstRequest: Mutex<(@Sendable () -> Void)?>

  /// `client` nil (or `settings.enabled` false) means offline: only the cache is read.
  public init(
    client: LRCLIBClient?, cache: LyricsCache?, settings: Settings = Settings(),
    clock: any EventClock, maxConcurrentRequests: Int = 4,
    beforeFirstRequest: (@Sendable () -> Void)? = nil
  ) {
    self.beforeFirstRequest = Mutex(beforeFirstRequest)
    self.client = settings.enabled ? client : nil
    self.cache = cache
    self.settings = settings
    self.clock = clock
    pool = WorkPool(name: "lyricpip.lookup", limit: max(1, min(4, maxConcurrentRequests)))
  }

  /// Whether a lookup may reach the network at all.
  public var isOnline: Bool { client != nil }

  /// Looks `track` up on a lookup thread and calls `answer` there when done. At most
  /// `maxConcurrentRequests` lookups run at once; the rest wait their turn.
  public func lookUp(_ track: TrackFacts, answer: @escaping @Sendable (LookupOutcome) -> Void) {
    pool.submit { [self] in answer(resolve(track)) }
  }

  /// The whole lookup, on the calling thread (bounded: each request by its timeouts).
  public func resolve(_ track: TrackFacts) -> LookupOutcome {
    guard track.isSearchable else { return .skipped(.notSearchable) }
    switch cache?.answer(for: track) {
    case .hit(let found): return .found(found)
    case .miss: return .notFound(cached: true)
    case nil: break
    }
    guard let client else { return .skipped(.offline) }
    let key = CacheKey(track)
    if recentlyFailed(key) { return .skipped(.recentlyFailed) }
    // Taken out under the lock, run outside it: it may write a file.
    beforeFirstRequest.withLock { hook in
      defer { hook = nil }
      return hook
    }?()
    do {
      if let found = try ask(client, track) {
        cache?.storeHit(found, for: track)
        return .found(found)
      }
      cache?.storeMiss(for: track)
      return .notFound(cached: false)
    } catch {
      let now = clock.nowNanos
      failures.withLock { $0[key] = now }
      return .failed(error)
    }
  }

  /// The record the user chose for `track` (LRCLIB id `id`), on a lookup thread: from the cache
  /// when it holds that record, else `/api/get/{id}` (then kept in the cache). The ranking is
  /// not asked: the choice holds.
  public func lookUp(
    _ track: TrackFacts, chosen id: Int, answer: @escaping @Sendable (LookupOutcome) -> Void
  ) {
    pool.submit { [self] in answer(resolve(track, chosen: id)) }
  }

  func resolve(_ track: TrackFacts, chosen id: Int) -> LookupOutcome {
    if case .hit(let found) = cache?.answer(for: track), found.record.id == id {
      return .found(found)
    }
    guard let client else { return .skipped(.offline) }
    do {
      guard let record = try client.record(id: id), let kind = record.kind else {
        return .notFound(cached: false)
      }
      let found = OnlineLyrics(record: record, kind: kind, origin: .lrclib)
      cache?.storeHit(found, for: track)
      return .found(found)
    } catch {
      return .failed(error)
    }
  }

  /// Keeps `chosen` as `track`'s answer in the cache (the user picked it), so the next play
  /// finds it there without asking the network.
  public func remember(_ chosen: OnlineLyrics, for track: TrackFacts) {
    cache?.storeHit(chosen, for: track)
  }

  /// Every acceptable record for `track`, best first: the candidates a user may choose from.
  public func candidates(for track: TrackFacts) throws(LookupFailure) -> [LRCLIBRanking.Ranked] {
    guard let client, track.isSearchable else { return [] }
    return settings.ranking.rank(try client.search(track), for: track)
  }

  private func ask(_ client: LRCLIBClient, _ track: TrackFacts) throws(LookupFailure)
    -> OnlineLyrics?
  {
    if let record = try client.get(track), let kind = record.kind,
      settings.ranking.durationFits(record, for: track)
    {
      return OnlineLyrics(record: record, kind: kind, origin: .lrclib)
    }
    guard let best = settings.ranking.best(try client.search(track), for: track) else {
      return nil
    }
    return OnlineLyrics(record: best.record, kind: best.kind, origin: .lrclib)
  }

  private func recentlyFailed(_ key: CacheKey) -> Bool {
    let now = clock.nowNanos
    let window = Int64(settings.retryAfterFailure * 1e9)
    return failures.withLock { failures in
      guard let last = failures[key] else { return false }
      if now - last < window { return true }
      failures[key] = nil
      return false
    }
  }
}
