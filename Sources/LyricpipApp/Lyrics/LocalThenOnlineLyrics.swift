import LyricsCore
import LyricsFiles
import Playback
import PlayerContract
import SessionWiring

/// The lyrics of a track that came up without any (a folder's or a playlist's file, opened only
/// when it plays): the lyrics on this computer first (`LyricsLookup`: beside the file, embedded,
/// the lyrics folders), then the online lookup.
struct LocalThenOnlineLyrics: LyricsProvider {
  let online: OnlineLyricsProvider

  func findLyrics(for track: TrackInfo, answer: @escaping @Sendable (FoundLyrics?) -> Void) {
    if let (lyrics, origin) = try? LyricsLookup.standard.lyrics(for: track, explicitPath: nil),
      let found = FoundLyrics(lookedUp: lyrics, origin: origin)
    {
      answer(found)
      return
    }
    online.findLyrics(for: track, answer: answer)
  }

  /// "looking up lyrics…" as the online lookup says it. A track given on the command line had
  /// its local lookup before it came up, so this is the network's wait; a later track of a
  /// folder or playlist shows it too until its own local lookup answers (a moment).
  func pendingStatus(for track: TrackInfo) -> LyricsStatus? {
    online.pendingStatus(for: track)
  }
}
