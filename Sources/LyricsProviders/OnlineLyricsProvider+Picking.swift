import LyricsOnline
import PlayerContract
import WindowFrontEnd

/// The main window's picker searches and remembers choices through the online provider.
extension OnlineLyricsProvider: LyricsPicking {
  func facts(_ track: TrackInfo) -> TrackFacts? {
    OnlineSetup.facts(track)
  }
}
