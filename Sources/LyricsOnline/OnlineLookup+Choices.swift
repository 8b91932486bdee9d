import ProviderAnswers

/// The main window's picker over every enabled provider: the candidates listed, a choice's
/// lyrics fetched, and a kept choice found again by its provider and id.
extension OnlineLookup {
  /// Every acceptable candidate of every enabled provider for `track`, best first: the
  /// providers' candidates ranked together (as the lookup ranks them), then the LRCLIB records
  /// only LRCLIB's own ranking takes (a mismatched version). A provider that fails or refuses
  /// is left out; the search fails only when every provider did.
  public func choices(for track: TrackFacts) throws(LookupFailure) -> [OnlineChoice] {
    guard isOnline, track.isSearchable else { return [] }
    if providers.order == [.lrclib] {
      // LRCLIB alone: its own ranking's list, as before there were other providers.
      return try candidates(for: track).enumerated().compactMap { position, ranked in
        ProviderCandidate(lrclib: ranked.record, position: position).map {
          OnlineChoice(
            provider: .lrclib, id: String(ranked.record.id), candidate: $0, lrclib: ranked)
        }
      }
    }
    var candidates: [ProviderCandidate] = []
    var lrclibRecords: [LRCLIBRanking.Ranked] = []
    var kugou: [KugouCandidate] = []
    var netease: [NetEaseSong] = []
    var amll: [AMLLIndexEntry] = []
    var firstFailure: LookupFailure?
    var answered = 0
    for provider in providers.order {
      announce(provider)
      do throws(ProviderFailure) {
        switch provider {
        case .lrclib:
          guard let client = providers.lrclib else { continue }
          do {
            lrclibRecords = settings.ranking.rank(try client.search(track), for: track)
          } catch {
            throw .failed(error)
          }
          candidates += lrclibRecords.enumerated().compactMap {
            ProviderCandidate(lrclib: $1.record, position: $0)
          }
        case .kugou:
          guard let client = providers.kugou else { continue }
          kugou = try client.candidates(for: track)
          candidates += kugou.enumerated().map { ProviderCandidate(kugou: $1, position: $0) }
        case .netease:
          guard let client = providers.netease else { continue }
          netease = try client.songs(for: track)
          candidates += netease.enumerated().map { ProviderCandidate(netEase: $1, position: $0) }
        case .amll:
          guard let client = providers.amll else { continue }
          amll = try client.candidates(for: track)
          candidates += amll.enumerated().map { ProviderCandidate(amll: $1, position: $0) }
        }
        answered += 1
      } catch {
        let failure: LookupFailure
        switch error {
        case .unavailable(let refusal):
          backOff(provider, seconds: refusal.backOffSeconds)
          failure = LookupFailure(
            .server(status: refusal.status),
            "\(provider.displayName) is unavailable now: \(refusal)")
        case .failed(let reason):
          failure = LookupFailure(reason.kind, "\(provider.displayName): \(reason.message)")
        }
        firstFailure = firstFailure ?? failure
      }
    }
    if answered == 0, let firstFailure { throw firstFailure }
    let ranking = CrossProviderRanking(
      providerOrder: providers.order.map(\.rawValue),
      toleranceSeconds: settings.ranking.toleranceSeconds)
    var choices: [OnlineChoice] = []
    for ranked in ranking.rank(candidates, for: track) {
      let candidate = ranked.candidate
      let position = candidate.position
      switch OnlineProvider(rawValue: candidate.provider) {
      case .lrclib where lrclibRecords.indices.contains(position):
        let record = lrclibRecords[position]
        choices.append(
          OnlineChoice(
            provider: .lrclib, id: String(record.record.id), candidate: candidate,
            lrclib: record))
      case .kugou where kugou.indices.contains(position):
        choices.append(
          OnlineChoice(
            provider: .kugou, id: ProviderLyricsID.kugou(kugou[position]), candidate: candidate))
      case .netease where netease.indices.contains(position):
        choices.append(
          OnlineChoice(
            provider: .netease, id: String(netease[position].id), candidate: candidate))
      case .amll where amll.indices.contains(position):
        if let path = amll[position].lyricsPath {
          choices.append(OnlineChoice(provider: .amll, id: path, candidate: candidate))
        }
      default:
        continue
      }
    }
    // LRCLIB's records the ranking across providers refused but its own ranking keeps.
    for (position, record) in lrclibRecords.enumerated()
    where !choices.contains(where: { $0.provider == .lrclib && $0.lrclib == record }) {
      guard let candidate = ProviderCandidate(lrclib: record.record, position: position) else {
        continue
      }
      choices.append(
        OnlineChoice(
          provider: .lrclib, id: String(record.record.id), candidate: candidate, lrclib: record))
    }
    return choices
  }

  /// The lyrics of a candidate the user chose in the picker, on the calling thread (another
  /// provider's are fetched; LRCLIB's are in hand). Kept in the provider's cache when found.
  public func lyrics(of choice: OnlineChoice, for track: TrackFacts) -> LookupOutcome {
    if let ranked = choice.lrclib {
      let found = OnlineLyrics(record: ranked.record, kind: ranked.kind, origin: .lrclib)
      return .found(found)
    }
    return fetchChosen(choice.provider, id: choice.id, candidate: choice.candidate, for: track)
  }

  /// A kept choice of another provider (by its id), on a lookup thread: from the provider's
  /// cache when it holds those lyrics, else fetched by the id (then kept). The ranking is not
  /// asked: the choice holds.
  public func lookUp(
    _ track: TrackFacts, chosen provider: OnlineProvider, id: String,
    answer: @escaping @Sendable (LookupOutcome) -> Void
  ) {
    if provider == .lrclib, let number = Int(id) {
      lookUp(track, chosen: number, answer: answer)
      return
    }
    submit { [self] in answer(resolve(track, chosen: provider, id: id)) }
  }

  func resolve(_ track: TrackFacts, chosen provider: OnlineProvider, id: String) -> LookupOutcome {
    if case .hit(let found) = caches[provider]?.answer(for: track), found.providerID == id {
      return .found(found)
    }
    let candidate = ProviderCandidate(
      provider: provider.rawValue, position: 0, title: track.title, artists: [track.artist],
      album: track.album, durationSeconds: track.durationSeconds, timing: .unknown)
    return fetchChosen(provider, id: id, candidate: candidate, for: track)
  }

  private func fetchChosen(
    _ provider: OnlineProvider, id: String, candidate: ProviderCandidate, for track: TrackFacts
  ) -> LookupOutcome {
    guard providers.order.contains(provider) else { return .skipped(.offline) }
    announce(provider)
    do throws(ProviderFailure) {
      guard let answer = try fetchLyrics(provider, id: id),
        let found = Self.onlineLyrics(answer, of: candidate, from: provider, id: id)
      else { return .notFound(cached: false) }
      caches[provider]?.storeHit(found, for: track)
      return .found(found)
    } catch {
      switch error {
      case .unavailable(let refusal):
        backOff(provider, seconds: refusal.backOffSeconds)
        return .failed(
          LookupFailure(
            .server(status: refusal.status),
            "\(provider.displayName) is unavailable now: \(refusal)"))
      case .failed(let reason):
        return .failed(LookupFailure(reason.kind, "\(provider.displayName): \(reason.message)"))
      }
    }
  }
}
