import LyricsCore
import PlayerContract

/// A front end that shows the lyrics: a `PlaybackPresenter` that is also told each new track
/// with its lyrics (the lyrics model is LyricsCore's, which the contract does not know).
public protocol LyricsPresenter: PlaybackPresenter {
  /// A new track and its lyrics (possibly empty).
  func trackChanged(_ info: TrackInfo, lyrics: Lyrics)
}

/// No front end (a script in virtual time): every change counts as shown at once.
public final class NoPresenter: LyricsPresenter {
  public init() {}
  public func trackChanged(_ info: TrackInfo, lyrics: Lyrics) {}
  public func show(_ display: LyricsDisplay, presented: @escaping @Sendable (Double?) -> Void) {
    presented(nil)
  }
  public func stateChanged(_ state: PlayerState, positionNanos: Int64) {}
  public func finish() {}
}
