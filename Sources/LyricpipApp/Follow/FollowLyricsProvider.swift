import LyricsCore
import LyricsFiles
import Playback
import PlayerContract
import SessionWiring
import SystemSupport

/// The lyrics of what a followed player plays, in this order: a local file (`xesam:url`) gets
/// the usual lookup (beside it, embedded, the lyrics folders); then the timed lyrics the player
/// publishes itself (`xesam:asText`); then untimed lyrics the lookup found (a `.txt` beside the
/// file), shown as `play` shows them, without asking the network (as `play` does not); then the
/// cache and the online lookup by title, artist, album and length. Each request runs on a
/// thread of its own, so the bus thread that reported the track never opens a file.
final class FollowLyricsProvider: LyricsProvider {
  private let online: OnlineLyricsProvider
  private let say: @Sendable (String) -> Void

  init(online: OnlineLyricsProvider, say: @escaping @Sendable (String) -> Void) {
    self.online = online
    self.say = say
  }

  func findLyrics(for track: TrackInfo, answer: @escaping @Sendable (FoundLyrics?) -> Void) {
    let started = DetachedThread.start(name: "lyricpip.follow-lyrics") { [self] in
      let local = onThisComputer(track)
      if let local, local.status.plainText == nil {
        answer(local)
      } else if let published = Self.timed(track.embeddedLyrics) {
        say("lyrics for \(track.title ?? track.path) from the player")
        answer(FoundLyrics(lyrics: published))
      } else if let local {
        answer(local)
      } else {
        online.findLyrics(for: track, answer: answer)
      }
    }
    if !started { answer(nil) }
  }

  /// The usual lookup, for a track that is a file here: timed lines, or untimed text as the
  /// `plain` status; nil when it found neither.
  private func onThisComputer(_ track: TrackInfo) -> FoundLyrics? {
    guard track.path.hasPrefix("/"), FileKind.at(track.path) == .other else { return nil }
    var local = track
    // What the player publishes is tried after the files, not as the file's own tag.
    local.embeddedLyrics = nil
    guard let (lyrics, origin) = try? LyricsLookup.standard.lyrics(for: local, explicitPath: nil),
      let found = FoundLyrics(lookedUp: lyrics, origin: origin),
      !found.lyrics.lines.isEmpty || found.status.plainText != nil
    else { return nil }
    return found
  }

  /// Lyrics text with times (LRC); nil for none or for untimed text.
  static func timed(_ text: String?) -> Lyrics? {
    guard let text, !text.isEmpty else { return nil }
    let lyrics = LRCParser.parse(text).lyrics
    guard !lyrics.lines.isEmpty, lyrics.lines.contains(where: { $0.ms > 0 }) else { return nil }
    return lyrics
  }
}
