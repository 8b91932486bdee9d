import LyricsOnline
import PlayerContract
import WindowFrontEnd

/// The main window's picker searches and remembers choices through the online provider.
extension OnlineLyricsProvider: LyricsPicking {
  public func facts(_ track: TrackInfo) -> TrackFacts? {
    track.onlineFacts
  }
}
