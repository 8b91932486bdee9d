/// One ranking of the candidates of every enabled provider together, against the track's
/// facts. Pure: no network, no settings. A candidate is acceptable only when its title (or an
/// alias) has the track's core after normalising, an artist is in common, the version markers
/// (Live, Remix, Instrumental, Cover, Acoustic, in English, Chinese, Japanese or Korean) are
/// the same on both sides, and the durations, when both are known, are within the tolerance.
/// The acceptable ones are ordered by how well they match (the same album, the same artists),
/// then by what they offer (word timing, line timing, plain; then a translation), then by the
/// provider order, then, within one provider, by the closer duration and the provider's order.
///
/// Names are compared after `NameNormalizer.foldingScripts` (Traditional as Simplified,
/// full-width as half-width), then `NameNormalizer`'s title, artist and album rules.
///
/// LRCLIB's own `LRCLIBRanking` stays as it is: it keeps a mismatched version as a last
/// resort and puts timing before the album, so sending its records through this ranking would
/// change which one it chooses.
public struct CrossProviderRanking: Sendable, Equatable {
  /// How far a candidate's duration may be from the track's, in seconds. 2 s: waylyrics' default
  /// for NetEase, QQ and Kugou alike and LRCLIB's own rule, so the one ranking treats LRCLIB's
  /// records as LRCLIB does. LDDC allows 4 s and Lyricify scores up to 3.5 s, but lyrics timed
  /// to a recording 3 or 4 s longer are usually another edit, whose later lines drift.
  public var toleranceSeconds: Double
  /// The providers in the settings' order of preference; one not listed comes after them all.
  public var providerOrder: [String]

  public init(providerOrder: [String], toleranceSeconds: Double = 2) {
    self.providerOrder = providerOrder
    self.toleranceSeconds = toleranceSeconds
  }

  /// An acceptable candidate with what the order looks at.
  public struct Ranked: Sendable, Equatable {
    public var candidate: ProviderCandidate
    public var albumMatches: Bool
    /// Every artist of the track is among the candidate's, and no other.
    public var artistsMatch: Bool
    /// Seconds between the two durations; nil when either is unknown.
    public var durationDifference: Double?
  }

  /// The acceptable candidates, best first.
  public func rank(_ candidates: [ProviderCandidate], for track: TrackFacts) -> [Ranked] {
    let wanted = Wanted(track)
    return candidates.compactMap { judge($0, wanted: wanted) }.sorted(by: comesFirst)
  }

  /// The best acceptable candidate, if any.
  public func best(_ candidates: [ProviderCandidate], for track: TrackFacts) -> Ranked? {
    rank(candidates, for: track).first
  }

  private func comesFirst(_ a: Ranked, _ b: Ranked) -> Bool {
    if a.albumMatches != b.albumMatches { return a.albumMatches }
    if a.artistsMatch != b.artistsMatch { return a.artistsMatch }
    if a.candidate.timing != b.candidate.timing { return a.candidate.timing < b.candidate.timing }
    if a.candidate.hasTranslation != b.candidate.hasTranslation {
      return a.candidate.hasTranslation
    }
    let (pa, pb) = (providerRank(a.candidate.provider), providerRank(b.candidate.provider))
    if pa != pb { return pa < pb }
    let (da, db) = (a.durationDifference ?? .infinity, b.durationDifference ?? .infinity)
    if da != db { return da < db }
    return a.candidate.position < b.candidate.position
  }

  private func providerRank(_ provider: String) -> Int {
    providerOrder.firstIndex(of: provider) ?? providerOrder.count
  }

  private func judge(_ candidate: ProviderCandidate, wanted: Wanted) -> Ranked? {
    let title = Self.title(candidate.title)
    guard !wanted.title.core.isEmpty, title.versions == wanted.title.versions else { return nil }
    let cores = [title.core] + candidate.aliases.map { Self.title($0).core }
    guard cores.contains(wanted.title.core) else { return nil }
    let artists = candidate.artists.reduce(into: Set<String>()) {
      $0.formUnion(Self.artists($1))
    }
    guard !artists.isDisjoint(with: wanted.artists) else { return nil }
    var difference: Double?
    if let have = candidate.durationSeconds, let want = wanted.duration {
      let gap = abs(have - want)
      guard gap <= toleranceSeconds else { return nil }
      difference = gap
    }
    let albumMatches =
      wanted.album.map { !$0.isEmpty && Self.album(candidate.album ?? "") == $0 } ?? false
    return Ranked(
      candidate: candidate, albumMatches: albumMatches, artistsMatch: artists == wanted.artists,
      durationDifference: difference)
  }

  static func title(_ text: String) -> TitleParts {
    NameNormalizer.title(NameNormalizer.foldingScripts(text), vocabulary: .extended)
  }

  static func artists(_ text: String) -> Set<String> {
    NameNormalizer.artists(NameNormalizer.foldingScripts(text))
  }

  static func album(_ text: String) -> String {
    title(text).core
  }

  /// The track's side, normalised once per ranking.
  private struct Wanted {
    var title: TitleParts
    var artists: Set<String>
    var album: String?
    var duration: Double?

    init(_ track: TrackFacts) {
      title = CrossProviderRanking.title(track.title)
      artists = CrossProviderRanking.artists(track.artist)
      album = track.album.map(CrossProviderRanking.album)
      duration = track.durationSeconds.flatMap { $0.isFinite ? $0 : nil }
    }
  }
}
