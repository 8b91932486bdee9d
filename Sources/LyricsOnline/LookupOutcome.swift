/// The end of one lookup.
public enum LookupOutcome: Sendable, Equatable {
  case found(OnlineLyrics)
  /// LRCLIB has nothing acceptable for the track (`cached`: the cache said so, not asked).
  case notFound(cached: Bool)
  /// No answer: the network or the server failed. Not asked again for a while.
  case failed(LookupFailure)
  /// Not asked at all.
  case skipped(SkipReason)

  public enum SkipReason: Sendable, Equatable {
    /// `online = off` or `--offline`: no connection is made.
    case offline
    /// No title or no artist to ask with.
    case notSearchable
    /// The last attempt for this track failed moments ago.
    case recentlyFailed
  }

  /// The lyrics, when found.
  public var found: OnlineLyrics? {
    if case .found(let lyrics) = self { return lyrics }
    return nil
  }
}
