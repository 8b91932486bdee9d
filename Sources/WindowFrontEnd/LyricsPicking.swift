import LyricsOnline
import PlayerContract
import Session
import SessionWiring

/// The online lookup as the main window's picker uses it: the app's `OnlineLyricsProvider`,
/// seen through the few things the picker asks of it, so the window front end does not depend
/// on the app.
public protocol LyricsPicking: Sendable {
  /// The lookup (cache, then LRCLIB) the picker searches and remembers a choice in.
  var lookup: OnlineLookup { get }
  /// What a track's tags give the lookup; nil without a title or an artist.
  func facts(_ track: TrackInfo) -> TrackFacts?
  /// What a candidate the user chose shows.
  func chosen(_ online: OnlineLyrics, for track: TrackInfo) -> FoundLyrics
  /// Where the user's choices are read from from now on (the saved state).
  func readChoices(from choice: @escaping @Sendable (String) -> LyricsChoice?)
}
