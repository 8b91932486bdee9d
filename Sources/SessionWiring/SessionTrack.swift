import LyricsCore
import Playback

/// A track of the session's queue, with its lyrics when they are known before it plays.
public struct SessionTrack: Sendable {
  public var item: PlayerItem
  /// The lyrics, or nil when the `LyricsSource` is to be asked once the track is current.
  public var lyrics: Lyrics?
  /// The lyrics file the lyrics were read from; nil for embedded lyrics, a lookup, or none.
  public var lyricsFile: String?
  /// The track as the `ready` event names it (nil: `null`, a script's silent track); by
  /// default the path the player plays.
  public var label: String?

  public init(item: PlayerItem, lyrics: Lyrics?, lyricsFile: String? = nil, label: String?? = nil) {
    self.item = item
    self.lyrics = lyrics
    self.lyricsFile = lyricsFile
    self.label = label ?? item.path
  }
}
