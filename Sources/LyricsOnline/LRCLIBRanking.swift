/// Our own choice among `/api/search` results, which come with no duration filter and in the
/// server's order: the same song (title and at least one artist, normalised), its length within
/// the tolerance, then the best of those.
public struct LRCLIBRanking: Sendable, Equatable {
  /// How far a record's duration may be from the track's, in seconds (LRCLIB's own rule on
  /// `/api/get` is ±2).
  public var toleranceSeconds: Double

  public init(toleranceSeconds: Double = 2) {
    self.toleranceSeconds = toleranceSeconds
  }

  /// A record that passed, with what the order looks at.
  public struct Ranked: Sendable, Equatable {
    public var record: LRCLIBRecord
    public var kind: OnlineLyrics.Kind
    /// One side says Live, Remix or Instrumental and the other does not.
    public var versionMismatch: Bool
    public var albumMatches: Bool
    /// Seconds between the two durations; nil when either is unknown.
    public var durationDifference: Double?
  }

  /// The acceptable records, best first: a matching version before a mismatched one, then
  /// timed before plain before instrumental, then the same album, then the closer duration,
  /// then the server's order.
  public func rank(_ records: [LRCLIBRecord], for track: TrackFacts) -> [Ranked] {
    let wanted = Wanted(track)
    let accepted = records.enumerated().compactMap { index, record in
      judge(record, wanted: wanted).map { (index, $0) }
    }
    return accepted.sorted { left, right in
      let (a, b) = (left.1, right.1)
      if a.versionMismatch != b.versionMismatch { return !a.versionMismatch }
      if a.kind != b.kind { return Self.order(a.kind) < Self.order(b.kind) }
      if a.albumMatches != b.albumMatches { return a.albumMatches }
      let (da, db) = (a.durationDifference ?? .infinity, b.durationDifference ?? .infinity)
      if da != db { return da < db }
      return left.0 < right.0
    }.map(\.1)
  }

  /// The best acceptable record, if any.
  public func best(_ records: [LRCLIBRecord], for track: TrackFacts) -> Ranked? {
    rank(records, for: track).first
  }

  /// Whether a record is the track's at all: the same title core, an artist in common, the
  /// duration within the tolerance (when both are known), and something to show.
  public func accepts(_ record: LRCLIBRecord, for track: TrackFacts) -> Bool {
    judge(record, wanted: Wanted(track)) != nil
  }

  /// Whether only the duration is acceptable (for `/api/get`, whose server already matched the
  /// names, with its own ±2 s).
  public func durationFits(_ record: LRCLIBRecord, for track: TrackFacts) -> Bool {
    guard let have = record.duration, let want = track.durationSeconds else { return true }
    return abs(have - want) <= toleranceSeconds
  }

  private func judge(_ record: LRCLIBRecord, wanted: Wanted) -> Ranked? {
    guard let kind = record.kind else { return nil }
    let title = NameNormalizer.title(record.trackName)
    guard !title.core.isEmpty, title.core == wanted.title.core else { return nil }
    guard !NameNormalizer.artists(record.artistName).isDisjoint(with: wanted.artists) else {
      return nil
    }
    var difference: Double?
    if let have = record.duration, let want = wanted.duration {
      difference = abs(have - want)
      guard let difference, difference <= toleranceSeconds else { return nil }
    }
    let albumMatches =
      wanted.album.map { !$0.isEmpty && NameNormalizer.album(record.albumName ?? "") == $0 }
      ?? false
    return Ranked(
      record: record, kind: kind, versionMismatch: title.versions != wanted.title.versions,
      albumMatches: albumMatches, durationDifference: difference)
  }

  private static func order(_ kind: OnlineLyrics.Kind) -> Int {
    switch kind {
    case .synced: return 0
    case .plain: return 1
    case .instrumental: return 2
    }
  }

  /// The track's side, normalised once per ranking.
  private struct Wanted {
    var title: TitleParts
    var artists: Set<String>
    var album: String?
    var duration: Double?

    init(_ track: TrackFacts) {
      title = NameNormalizer.title(track.title)
      artists = NameNormalizer.artists(track.artist)
      album = track.album.map(NameNormalizer.album)
      duration = track.durationSeconds
    }
  }
}
