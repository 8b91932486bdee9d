import LyricsCore
import LyricsFiles
import PlayerContract
import SessionWiring

extension FoundLyrics {
  /// What `LyricsLookup` found on this computer, as a provider answers it; nil when it found
  /// nothing. Untimed text is the `plain` status with where it came from: shown as text, as
  /// the online lookup's plain lyrics are and as `play` shows a track's own untimed lyrics.
  init?(lookedUp lyrics: Lyrics, origin: LyricsLookup.Origin) {
    guard origin != .none else { return nil }
    if let text = lyrics.untimedText, lyrics.isUntimed {
      self = .none(LyricsStatus(.plain(text), source: origin.sourceName))
    } else {
      self.init(lyrics: lyrics, file: origin.file)
    }
  }
}
