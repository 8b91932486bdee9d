import LyricsOnline
import PlayerContract

extension TrackInfo {
  /// What a track's tags give the online lookup; nil without a title or an artist.
  public var onlineFacts: TrackFacts? {
    AudioTags(
      title: title, artist: artist, album: album,
      durationSeconds: durationNanos.map { Double($0) / 1e9 }
    ).facts
  }
}
