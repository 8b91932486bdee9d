import LyricsCore
import Playback

/// A track of the session's queue, with its lyrics when they are known before it plays.
public struct SessionTrack: Sendable {
  public var item: PlayerItem
  /// The lyrics, or nil when the `LyricsProvider` is to be asked once the track is current.
  public var lyrics: Lyrics?
  /// The lyrics file the lyrics were read from; nil for embedded lyrics, a lookup, or none.
  public var lyricsFile: String?
  /// The track as the `ready` event names it; nil writes `null` (a script's silent track).
  public var label: String?
  /// Where `lyrics` came from ("beside the file", "embedded", "lyrics folder"), for the windows.
  public var source: String?

  /// How the `ready` event names a track.
  public enum Label: Sendable {
    /// The path the player plays.
    case path
    case named(String)
    /// `null`.
    case unnamed
  }

  public init(
    item: PlayerItem, lyrics: Lyrics?, lyricsFile: String? = nil, label: Label = .path,
    source: String? = nil
  ) {
    self.item = item
    self.source = source
    self.lyrics = lyrics
    self.lyricsFile = lyricsFile
    switch label {
    case .path: self.label = item.path
    case .named(let name): self.label = name
    case .unnamed: self.label = nil
    }
  }
}
