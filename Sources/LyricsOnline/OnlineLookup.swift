import Clocks
import Locking

/// The online step of the lyrics order, after every local source: the caches, then every
/// enabled provider (LRCLIB: `/api/get`, then `/api/search` through its own ranking; Kugou,
/// NetEase, the AMLL database: their searches), every candidate ranked together
/// (`CrossProviderRanking`, the settings' order only breaking ties), the chosen one's lyrics
/// fetched and kept in its provider's cache. `resolve` blocks on its caller's thread; `lookUp`
/// answers later, from a lookup thread, so playback and the windows never wait for the network.
public final class OnlineLookup: Sendable {
  public struct Settings: Sendable, Equatable {
    /// Any provider enabled: true; `off` or `--offline`: false, and no connection is ever made.
    public var enabled: Bool
    public var ranking: LRCLIBRanking
    /// After a failure, the track is not asked again of that provider for this long (seconds).
    public var retryAfterFailure: Double

    public init(enabled: Bool = true, toleranceSeconds: Double = 2, retryAfterFailure: Double = 600)
    {
      self.enabled = enabled
      ranking = LRCLIBRanking(toleranceSeconds: toleranceSeconds)
      self.retryAfterFailure = retryAfterFailure
    }
  }

  public let settings: Settings
  let providers: ProviderClients
  /// LRCLIB's cache (the picker's choices and `fetch --dry-run` read it).
  let cache: LyricsCache?
  /// Every provider's cache, LRCLIB's included.
  let caches: [OnlineProvider: LyricsCache]
  let clock: any EventClock
  private let pool: WorkPool
  /// Monotonic instant (ns) of the last failure per provider and track.
  let failures = Mutex<[OnlineProvider: [CacheKey: Int64]]>([:])
  /// Per provider, the monotonic instant (ns) before which it is not asked (after a refusal).
  let backedOffUntil = Mutex<[OnlineProvider: Int64]>([:])
  /// Run once per provider, on the lookup's thread, before its first request leaves (the notice
  /// of what is sent); the request waits for it.
  private let beforeFirstRequest: (@Sendable (OnlineProvider) -> Void)?
  private let noticed = Mutex<Set<OnlineProvider>>([])

  /// LRCLIB alone: `client` nil (or `settings.enabled` false) means offline: only the cache is
  /// read.
  public convenience init(
    client: LRCLIBClient?, cache: LyricsCache?, settings: Settings = Settings(),
    clock: any EventClock, maxConcurrentRequests: Int = 4,
    beforeFirstRequest: (@Sendable () -> Void)? = nil
  ) {
    var perProvider: (@Sendable (OnlineProvider) -> Void)?
    if let beforeFirstRequest {
      perProvider = { (_: OnlineProvider) in beforeFirstRequest() }
    }
    var caches: [OnlineProvider: LyricsCache] = [:]
    if let cache { caches[.lrclib] = cache }
    self.init(
      providers: .lrclibOnly(client), caches: caches, settings: settings, clock: clock,
      maxConcurrentRequests: maxConcurrentRequests, beforeFirstRequest: perProvider)
  }

  /// Every enabled provider with a client, each with its cache (a provider without one keeps
  /// nothing). `settings.enabled` false means offline: only the caches are read.
  public init(
    providers: ProviderClients, caches: [OnlineProvider: LyricsCache],
    settings: Settings = Settings(), clock: any EventClock, maxConcurrentRequests: Int = 4,
    beforeFirstRequest: (@Sendable (OnlineProvider) -> Void)? = nil
  ) {
    self.beforeFirstRequest = beforeFirstRequest
    self.providers = settings.enabled ? providers : .none
    self.caches = caches
    cache = caches[.lrclib]
    self.settings = settings
    self.clock = clock
    pool = WorkPool(name: "lyricpip.lookup", limit: max(1, min(4, maxConcurrentRequests)))
  }

  /// Whether a lookup may reach the network at all.
  public var isOnline: Bool { !providers.order.isEmpty }

  /// The providers asked, in the settings' order.
  public var providerOrder: [OnlineProvider] { providers.order }

  /// Looks `track` up on a lookup thread and calls `answer` there when done. At most
  /// `maxConcurrentRequests` lookups run at once; the rest wait their turn.
  public func lookUp(_ track: TrackFacts, answer: @escaping @Sendable (LookupOutcome) -> Void) {
    pool.submit { [self] in answer(resolve(track)) }
  }

  /// Runs `work` on a lookup thread, in turn with the lookups.
  func submit(_ work: @escaping @Sendable () -> Void) {
    pool.submit(work)
  }

  /// The whole lookup, on the calling thread (bounded: each request by its timeouts, each
  /// provider by its client's few requests).
  public func resolve(_ track: TrackFacts) -> LookupOutcome {
    guard track.isSearchable else { return .skipped(.notSearchable) }
    var missed: Set<OnlineProvider> = []
    for provider in cacheOrder {
      switch caches[provider]?.answer(for: track) {
      case .hit(let found): return .found(found)
      case .miss: missed.insert(provider)
      case nil: break
      }
    }
    guard isOnline else { return missed.isEmpty ? .skipped(.offline) : .notFound(cached: true) }
    let unanswered = providers.order.filter { !missed.contains($0) }
    if unanswered.isEmpty { return .notFound(cached: true) }
    let key = CacheKey(track)
    let asking = unanswered.filter { isAskable($0, key) }
    if asking.isEmpty { return .skipped(.recentlyFailed) }
    if providers.order == [.lrclib], let client = providers.lrclib {
      return resolveOnLRCLIB(client, track, key)
    }
    return resolveAcrossProviders(asking, track, key)
  }

  /// LRCLIB alone: its own ranking, as before there were other providers.
  private func resolveOnLRCLIB(_ client: LRCLIBClient, _ track: TrackFacts, _ key: CacheKey)
    -> LookupOutcome
  {
    announce(.lrclib)
    do {
      if let found = try ask(client, track) {
        cache?.storeHit(found, for: track)
        return .found(found)
      }
      cache?.storeMiss(for: track)
      return .notFound(cached: false)
    } catch {
      remember(error, of: .lrclib, key)
      return .failed(error)
    }
  }

  /// What the caches say about `track`, without the network: the first hit in the caches'
  /// order, else the first miss; nil when none knows the track (`fetch --dry-run`).
  public func cachedAnswer(for track: TrackFacts) -> LyricsCache.Answer? {
    var miss: LyricsCache.Answer?
    for provider in cacheOrder {
      switch caches[provider]?.answer(for: track) {
      case .hit(let found): return .hit(found)
      case .miss(let expiresAt): miss = miss ?? .miss(expiresAt: expiresAt)
      case nil: continue
      }
    }
    return miss
  }

  /// The caches read: the enabled providers', else (offline) every provider's, LRCLIB's first.
  var cacheOrder: [OnlineProvider] {
    providers.order.isEmpty ? OnlineProvider.allCases : providers.order
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
    if case .hit(let found) = cache?.answer(for: track), found.provider == .lrclib,
      found.record.id == id
    {
      return .found(found)
    }
    guard let client = providers.lrclib else { return .skipped(.offline) }
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

  /// Keeps `chosen` as `track`'s answer in its provider's cache (the user picked it), so the
  /// next play finds it there without asking the network.
  public func remember(_ chosen: OnlineLyrics, for track: TrackFacts) {
    caches[chosen.provider]?.storeHit(chosen, for: track)
  }

  /// Every acceptable LRCLIB record for `track`, best first: the candidates a user may choose
  /// from.
  public func candidates(for track: TrackFacts) throws(LookupFailure) -> [LRCLIBRanking.Ranked] {
    guard let client = providers.lrclib, track.isSearchable else { return [] }
    return settings.ranking.rank(try client.search(track), for: track)
  }

  /// LRCLIB's choice for the track: `/api/get` when its record fits, else the best of
  /// `/api/search` by LRCLIB's own ranking.
  func ask(_ client: LRCLIBClient, _ track: TrackFacts) throws(LookupFailure) -> OnlineLyrics? {
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

  /// Shows the notice of `provider` once, before its first request.
  func announce(_ provider: OnlineProvider) {
    guard let beforeFirstRequest else { return }
    let first = noticed.withLock { $0.insert(provider).inserted }
    if first { beforeFirstRequest(provider) }
  }

  /// Whether `provider` may be asked about the track now: not backed off after a refusal, and
  /// the track's last attempt there did not fail moments ago.
  func isAskable(_ provider: OnlineProvider, _ key: CacheKey) -> Bool {
    let now = clock.nowNanos
    if let until = backedOffUntil.withLock({ $0[provider] }), now < until { return false }
    let window = Int64(settings.retryAfterFailure * 1e9)
    return failures.withLock { failures in
      guard let last = failures[provider]?[key] else { return true }
      if now - last < window { return false }
      failures[provider]?[key] = nil
      return true
    }
  }

  /// A failure of `provider` for the track: not asked again for the track for a while.
  func remember(_ failure: LookupFailure, of provider: OnlineProvider, _ key: CacheKey) {
    let now = clock.nowNanos
    failures.withLock { $0[provider, default: [:]][key] = now }
  }

  /// A refusal of `provider`: not asked at all (for any track) for its back-off.
  func backOff(_ provider: OnlineProvider, seconds: Int) {
    let until = clock.nowNanos + Int64(seconds) * 1_000_000_000
    backedOffUntil.withLock { $0[provider] = max($0[provider] ?? 0, until) }
  }
}
