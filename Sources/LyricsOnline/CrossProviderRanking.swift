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
    rank(candidates.map { ($0, Names($0)) }, for: Wanted(track))
  }

  /// The acceptable candidates, best first, with their names read before (`Names`): for a
  /// search over many candidates whose names do not change, such as AMLL's index.
  public func rank(_ candidates: [(candidate: ProviderCandidate, names: Names)], for track: Wanted)
    -> [Ranked]
  {
    candidates.compactMap { judge($0.candidate, names: $0.names, wanted: track) }
      .sorted(by: comesFirst)
  }

  /// Whether a candidate with these names and this duration is acceptable for the track: the
  /// same rule as `rank`'s, without making a `ProviderCandidate` (a search can ask it of
  /// thousands of entries and rank the few it accepts).
  public func accepts(_ names: Names, durationSeconds: Double?, for track: Wanted) -> Bool {
    accepted(names, durationSeconds: durationSeconds, wanted: track) != nil
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

  private func judge(_ candidate: ProviderCandidate, names: Names, wanted: Wanted) -> Ranked? {
    guard
      let acceptance = accepted(
        names, durationSeconds: candidate.durationSeconds, wanted: wanted)
    else { return nil }
    let albumMatches = wanted.album.map { !$0.isEmpty && names.albums.contains($0) } ?? false
    return Ranked(
      candidate: candidate, albumMatches: albumMatches,
      artistsMatch: names.artists == wanted.artists,
      durationDifference: acceptance.durationDifference)
  }

  /// A candidate the rule accepts, with how far its duration is from the track's.
  private struct Acceptance {
    /// Seconds; nil when either duration is unknown.
    var durationDifference: Double?
  }

  /// The acceptance rule, on names read before; nil when refused.
  private func accepted(_ names: Names, durationSeconds: Double?, wanted: Wanted) -> Acceptance? {
    guard !wanted.title.core.isEmpty, names.title.versions == wanted.title.versions,
      names.cores.contains(wanted.title.core), !names.artists.isDisjoint(with: wanted.artists)
    else { return nil }
    guard let have = durationSeconds, let want = wanted.duration else {
      return Acceptance(durationDifference: nil)
    }
    let gap = abs(have - want)
    return gap <= toleranceSeconds ? Acceptance(durationDifference: gap) : nil
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

  /// The track's side, normalised once per ranking (once per search for `rank(_:for:)` with
  /// names read before, and `accepts`).
  public struct Wanted: Sendable, Equatable {
    var title: TitleParts
    var artists: Set<String>
    var album: String?
    var duration: Double?

    public init(_ track: TrackFacts) {
      title = CrossProviderRanking.title(track.title)
      artists = CrossProviderRanking.artists(track.artist)
      album = track.album.map(CrossProviderRanking.album)
      duration = track.durationSeconds.flatMap { $0.isFinite ? $0 : nil }
    }
  }

  /// A candidate's names as the ranking compares them: folded and normalised once, so a
  /// provider whose candidates are searched for track after track (AMLL's index, thousands of
  /// songs) pays for it once, not at every search.
  public struct Names: Sendable, Equatable {
    /// The title's core and versions: the versions must be the track's.
    var title: TitleParts
    /// The title's core, then each alias's: one of them must be the track's.
    var cores: [String]
    var artists: Set<String>
    /// Each album's core; one that is the track's album counts as the same album.
    var albums: [String]

    /// `title` is the song's name, `aliases` its other names (a match on one counts; their
    /// version markers are not read), `artists` as the service gives them, `albums` every
    /// album the song is listed on.
    public init(title: String, aliases: [String] = [], artists: [String], albums: [String] = []) {
      self.title = CrossProviderRanking.title(title)
      cores = [self.title.core] + aliases.map { CrossProviderRanking.title($0).core }
      self.artists = artists.reduce(into: Set<String>()) {
        $0.formUnion(CrossProviderRanking.artists($1))
      }
      self.albums = albums.map(CrossProviderRanking.album)
    }

    /// A candidate's names; `albums` in place of its one album, for a song a service lists on
    /// several (AMLL's index).
    public init(_ candidate: ProviderCandidate, albums: [String]? = nil) {
      self.init(
        title: candidate.title, aliases: candidate.aliases, artists: candidate.artists,
        albums: albums ?? candidate.album.map { [$0] } ?? [])
    }
  }
}
