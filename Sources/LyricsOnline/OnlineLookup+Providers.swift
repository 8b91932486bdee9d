import ProviderAnswers

/// The lookup across several providers: each one's search, every candidate ranked together,
/// then each provider's best candidate's lyrics fetched and those ranked again by what they
/// really hold; the best of them is the answer. The providers are asked side by side
/// (`SideBySide`), each on a thread of its own, so a track waits for the slowest, not for all.
///
/// Bounds: each provider's search is asked once and at most one of its candidates' lyrics is
/// fetched, so a track costs LRCLIB at most 2 requests, Kugou 3 (search, KRC, the same as
/// LRC), NetEase 4 (two searches, two lyric endpoints) and the AMLL mirror 2 (its index, at
/// most weekly, and one TTML). A refusal (`ProviderFailure.unavailable`) backs the provider off
/// and hands over to the next; a failure is remembered for that provider and track. Neither is
/// ever kept as "no lyrics": a miss is kept only for a provider that answered.
extension OnlineLookup {
  /// What each provider's search gave, to find a ranked candidate's own record again.
  struct Searched: Sendable {
    var candidates: [ProviderCandidate] = []
    var lrclib: OnlineLyrics?
    var kugou: [KugouCandidate] = []
    var netease: [NetEaseSong] = []
    var amll: [AMLLIndexEntry] = []
    /// The providers whose search answered (a list, possibly empty).
    var answered: [OnlineProvider] = []
    /// The first failure or refusal, said when nothing is found.
    var trouble: LookupFailure?
  }

  func resolveAcrossProviders(_ asking: [OnlineProvider], _ track: TrackFacts, _ key: CacheKey)
    -> LookupOutcome
  {
    for provider in asking { announce(provider) }
    let searches = SideBySide.map(asking, name: "lyricpip.provider") {
      [self] provider -> Result<Searched, ProviderFailure> in
      var one = Searched()
      do throws(ProviderFailure) {
        try search(provider, track, into: &one)
        return .success(one)
      } catch {
        return .failure(error)
      }
    }
    var searched = Searched()
    for (provider, result) in zip(asking, searches) {
      switch result {
      case .success(let one):
        searched.candidates += one.candidates
        searched.lrclib = searched.lrclib ?? one.lrclib
        searched.kugou += one.kugou
        searched.netease += one.netease
        searched.amll += one.amll
        searched.answered.append(provider)
      case .failure(let error):
        note(error, of: provider, key, in: &searched)
      }
    }
    let ranking = CrossProviderRanking(
      providerOrder: providers.order.map(\.rawValue),
      toleranceSeconds: settings.ranking.toleranceSeconds)
    if searched.answered.contains(.amll) {
      addAMLLEntryOfNetEaseSong(to: &searched, ranking: ranking, track: track)
    }
    // Each provider's best candidate is fetched, then the ones with lyrics ranked again by
    // what their lyrics really offer (NetEase says whether it has word timing only then), so
    // the settings' order decides only between equals.
    var bestOfEach: [(provider: OnlineProvider, candidate: ProviderCandidate)] = []
    for ranked in ranking.rank(searched.candidates, for: track) {
      guard let provider = OnlineProvider(rawValue: ranked.candidate.provider),
        searched.answered.contains(provider),
        !bestOfEach.contains(where: { $0.provider == provider })
      else { continue }
      bestOfEach.append((provider, ranked.candidate))
    }
    let found = searched
    let fetches = SideBySide.map(bestOfEach.map(\.candidate), name: "lyricpip.provider") {
      [self] candidate -> Result<Finalist?, ProviderFailure> in
      guard let provider = OnlineProvider(rawValue: candidate.provider) else {
        return .success(nil)
      }
      do throws(ProviderFailure) {
        return .success(try lyrics(of: candidate, provider, found))
      } catch {
        return .failure(error)
      }
    }
    var finalists: [Finalist] = []
    var answeredEmpty: Set<OnlineProvider> = Set(searched.answered)
    for ((provider, _), result) in zip(bestOfEach, fetches) {
      switch result {
      case .success(let finalist?):
        finalists.append(finalist)
        answeredEmpty.remove(provider)
      case .success(nil):
        break
      case .failure(let error):
        answeredEmpty.remove(provider)
        note(error, of: provider, key, in: &searched)
      }
    }
    if let best = ranking.best(finalists.map(\.candidate), for: track),
      let chosen = finalists.first(where: { $0.candidate == best.candidate })
    {
      caches[chosen.lyrics.provider]?.storeHit(chosen.lyrics, for: track)
      return .found(chosen.lyrics)
    }
    // LRCLIB's own choice when the ranking across providers took nothing (it keeps a
    // mismatched version as a last resort): adding a provider never loses what LRCLIB alone
    // would have shown.
    if let fallback = searched.lrclib {
      cache?.storeHit(fallback, for: track)
      return .found(fallback)
    }
    for provider in answeredEmpty { caches[provider]?.storeMiss(for: track) }
    if let trouble = searched.trouble { return .failed(trouble) }
    return .notFound(cached: false)
  }

  /// A provider's search, its candidates added for the ranking.
  private func search(
    _ provider: OnlineProvider, _ track: TrackFacts, into searched: inout Searched
  )
    throws(ProviderFailure)
  {
    switch provider {
    case .lrclib:
      guard let client = providers.lrclib else { return }
      let found: OnlineLyrics?
      do {
        found = try ask(client, track)
      } catch {
        throw .failed(error)
      }
      searched.lrclib = found
      if let found, let candidate = ProviderCandidate(lrclib: found.record, position: 0) {
        searched.candidates.append(candidate)
      }
    case .kugou:
      guard let client = providers.kugou else { return }
      searched.kugou = try client.candidates(for: track)
      searched.candidates += searched.kugou.enumerated().map {
        ProviderCandidate(kugou: $1, position: $0)
      }
    case .netease:
      guard let client = providers.netease else { return }
      searched.netease = try client.songs(for: track)
      searched.candidates += searched.netease.enumerated().map {
        ProviderCandidate(netEase: $1, position: $0)
      }
    case .amll:
      guard let client = providers.amll else { return }
      searched.amll = try client.candidates(for: track)
      searched.candidates += searched.amll.enumerated().map {
        ProviderCandidate(amll: $1, position: $0)
      }
    }
  }

  /// The AMLL entry that carries the id of the NetEase song the ranking accepts first is that
  /// song: an id names the song itself, so the entry joins the candidates under the song's
  /// names (the database may spell them in another script or language), unless the AMLL search
  /// found it already. No request: the index is the one the AMLL search just read.
  private func addAMLLEntryOfNetEaseSong(
    to searched: inout Searched, ranking: CrossProviderRanking, track: TrackFacts
  ) {
    let fromNetEase = searched.candidates.filter { $0.provider == OnlineProvider.netease.rawValue }
    guard let client = providers.amll,
      let song = ranking.rank(fromNetEase, for: track).first?.candidate,
      searched.netease.indices.contains(song.position),
      let entry = try? client.entry(neteaseId: String(searched.netease[song.position].id)),
      !searched.amll.contains(entry)
    else { return }
    var candidate = song
    candidate.provider = OnlineProvider.amll.rawValue
    candidate.position = searched.amll.count
    candidate.timing = .word
    candidate.hasTranslation = false
    searched.amll.append(entry)
    searched.candidates.append(candidate)
  }

  /// A provider's best candidate as its lyrics show it, and those lyrics.
  struct Finalist: Sendable {
    var candidate: ProviderCandidate
    var lyrics: OnlineLyrics
  }

  /// The lyrics of a ranked candidate, and the candidate as its lyrics show it; nil when its
  /// provider has none for it after all.
  private func lyrics(
    of candidate: ProviderCandidate, _ provider: OnlineProvider, _ searched: Searched
  ) throws(ProviderFailure) -> Finalist? {
    let id: String
    switch provider {
    case .lrclib:
      // Its search answered with the lyrics themselves.
      return searched.lrclib.map { Finalist(candidate: candidate, lyrics: $0) }
    case .kugou:
      guard searched.kugou.indices.contains(candidate.position) else { return nil }
      id = ProviderLyricsID.kugou(searched.kugou[candidate.position])
    case .netease:
      guard searched.netease.indices.contains(candidate.position) else { return nil }
      id = String(searched.netease[candidate.position].id)
    case .amll:
      guard searched.amll.indices.contains(candidate.position),
        let path = searched.amll[candidate.position].lyricsPath
      else { return nil }
      id = path
    }
    guard let answer = try fetchLyrics(provider, id: id) else { return nil }
    return Self.onlineLyrics(answer, of: candidate, from: provider, id: id).map {
      Finalist(candidate: candidate.with(answer), lyrics: $0)
    }
  }

  /// The lyrics of another provider's song by its own id (`ProviderLyricsID`); nil when the
  /// provider is not enabled or the id is not one of its.
  func fetchLyrics(_ provider: OnlineProvider, id: String) throws(ProviderFailure)
    -> ProviderLyricsAnswer?
  {
    switch provider {
    case .lrclib:
      return nil
    case .kugou:
      guard let client = providers.kugou, let candidate = ProviderLyricsID.kugouCandidate(id)
      else { return nil }
      return try client.lyrics(of: candidate)
    case .netease:
      guard let client = providers.netease, let song = Int(id) else { return nil }
      return try client.lyrics(ofSong: song)
    case .amll:
      guard let client = providers.amll, let entry = ProviderLyricsID.amllEntry(id) else {
        return nil
      }
      return try client.lyrics(of: entry)
    }
  }

  /// A refusal backs the provider off; a failure is remembered for the track. Either is said
  /// when nothing is found.
  private func note(
    _ error: ProviderFailure, of provider: OnlineProvider, _ key: CacheKey,
    in searched: inout Searched
  ) {
    let failure: LookupFailure
    switch error {
    case .unavailable(let refusal):
      backOff(provider, seconds: refusal.backOffSeconds)
      failure = LookupFailure(
        .server(status: refusal.status), "\(provider.displayName) is unavailable now: \(refusal)")
    case .failed(let reason):
      remember(reason, of: provider, key)
      failure = LookupFailure(reason.kind, "\(provider.displayName): \(reason.message)")
    }
    if searched.trouble == nil { searched.trouble = failure }
  }

  /// A provider's answer as the lookup's lyrics; nil for "no lyrics".
  static func onlineLyrics(
    _ answer: ProviderLyricsAnswer, of candidate: ProviderCandidate,
    from provider: OnlineProvider, id: String
  ) -> OnlineLyrics? {
    var record = LRCLIBRecord(
      id: 0, trackName: candidate.title, artistName: candidate.artists.joined(separator: ", "),
      albumName: candidate.album, duration: candidate.durationSeconds)
    switch answer {
    case .lyrics(let lyrics):
      guard !lyrics.lyrics.lines.isEmpty else { return nil }
      return OnlineLyrics(
        record: record, kind: .synced, origin: .lrclib, provider: provider,
        lyrics: lyrics.lyrics, providerID: id)
    case .instrumental:
      record.instrumental = true
      return OnlineLyrics(
        record: record, kind: .instrumental, origin: .lrclib, provider: provider, providerID: id)
    case .noLyrics:
      return nil
    }
  }
}

extension ProviderRefusal {
  /// The number a refusal is reported under: the HTTP status, or NetEase's own code.
  var status: Int {
    switch self {
    case .suspectedAbuse: -460
    case .rateLimited: 405
    case .verificationRequired: -462
    case .serverError(let status): status
    }
  }
}
