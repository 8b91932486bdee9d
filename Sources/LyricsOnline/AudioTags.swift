/// What a track's tags and decoder say, as `fetch` reads them (through FFmpeg, in the app).
public struct AudioTags: Sendable, Equatable {
  public var title: String?
  public var artist: String?
  public var album: String?
  public var durationSeconds: Double?

  public init(
    title: String? = nil, artist: String? = nil, album: String? = nil,
    durationSeconds: Double? = nil
  ) {
    self.title = title
    self.artist = artist
    self.album = album
    self.durationSeconds = durationSeconds
  }

  /// The facts to look up with; nil without a title and an artist.
  public var facts: TrackFacts? {
    let facts = TrackFacts(
      title: title ?? "", artist: artist ?? "", album: album, durationSeconds: durationSeconds)
    return facts.isSearchable ? facts : nil
  }
}
