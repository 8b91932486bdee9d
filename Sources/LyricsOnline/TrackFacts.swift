/// What the lookup knows of a track, from its tags and its decoder: enough to ask for lyrics.
public struct TrackFacts: Sendable, Equatable, Hashable {
  public var title: String
  public var artist: String
  public var album: String?
  /// The track's length in seconds, when the decoder knows it.
  public var durationSeconds: Double?

  public init(title: String, artist: String, album: String? = nil, durationSeconds: Double? = nil) {
    self.title = title
    self.artist = artist
    self.album = album
    self.durationSeconds = durationSeconds
  }

  /// The duration as LRCLIB takes it: whole seconds, and never 0 (a 0 matches nothing there),
  /// so nil when unknown or shorter than half a second.
  public var wholeSeconds: Int? {
    guard let durationSeconds, durationSeconds.isFinite else { return nil }
    let rounded = Int(durationSeconds.rounded())
    return rounded >= 1 ? rounded : nil
  }

  /// The duration in whole milliseconds, as Kugou's search and the AMLL index take it; nil when
  /// unknown or not positive.
  public var wholeMilliseconds: Int? {
    guard let durationSeconds, durationSeconds.isFinite, durationSeconds > 0,
      durationSeconds < 1e9
    else { return nil }
    return Int((durationSeconds * 1000).rounded())
  }

  /// True when there is enough to ask: a title and an artist that are not blank.
  public var isSearchable: Bool {
    !NameNormalizer.normalized(title).isEmpty && !NameNormalizer.normalized(artist).isEmpty
  }
}
