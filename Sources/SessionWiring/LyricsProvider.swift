import LyricsCore
import Playback
import PlayerContract

/// Where the lyrics come from, for a track that did not bring its own (`SessionTrack.lyrics`
/// nil): files beside the audio today, a network lookup later. An answer may come at once or
/// after the song started, on any thread; the session then shows the line at the heard position.
public protocol LyricsProvider: Sendable {
  /// Looks for the lyrics of `track`; calls `answer` once, with nil when there are none.
  func findLyrics(for track: TrackInfo, answer: @escaping @Sendable (FoundLyrics?) -> Void)
  /// What the windows say while `findLyrics` looks (`lookingUp` when it goes to the network);
  /// nil: nothing until the answer.
  func pendingStatus(for track: TrackInfo) -> LyricsStatus?
}

extension LyricsProvider {
  public func pendingStatus(for track: TrackInfo) -> LyricsStatus? { nil }
}

/// Lyrics a `LyricsProvider` found, or (no lines) what it has to say instead: untimed text, an
/// instrumental, nothing found, a failure.
public struct FoundLyrics: Sendable {
  public var lyrics: Lyrics
  /// The file they were read from, if they can be saved back into one.
  public var file: String?
  /// Where they came from, or why there are no lines.
  public var status: LyricsStatus

  public init(lyrics: Lyrics, file: String? = nil, status: LyricsStatus = LyricsStatus(.timed)) {
    self.lyrics = lyrics
    self.file = file
    self.status = status
  }

  /// No lines, and why.
  public static func none(_ status: LyricsStatus) -> FoundLyrics {
    FoundLyrics(lyrics: Lyrics(), status: status)
  }
}
