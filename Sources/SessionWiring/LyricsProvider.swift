import LyricsCore
import Playback

/// Where the lyrics come from, for a track that did not bring its own (`SessionTrack.lyrics`
/// nil): files beside the audio today, a network lookup later. An answer may come at once or
/// after the song started, on any thread; the session then shows the line at the heard position.
public protocol LyricsProvider: Sendable {
  /// Looks for the lyrics of `track`; calls `answer` once, with nil when there are none.
  func findLyrics(for track: TrackInfo, answer: @escaping @Sendable (FoundLyrics?) -> Void)
}

/// Lyrics a `LyricsProvider` found.
public struct FoundLyrics: Sendable {
  public var lyrics: Lyrics
  /// The file they were read from, if they can be saved back into one.
  public var file: String?

  public init(lyrics: Lyrics, file: String? = nil) {
    self.lyrics = lyrics
    self.file = file
  }
}
