import FoundationEssentials
import LyricsCore
import LyricsFiles
import Playback
import PlayerContract
import SessionWiring
import SystemSupport

/// Finds the lyrics of a track: `--lyrics PATH` for the first track, else `LyricsLocator`'s
/// order with embedded lyrics right after the `.lrc` beside the audio file. None found: empty
/// lyrics (the track still plays).
enum LyricsLookup {
  /// A lyrics file that was named but cannot be read (exit 2).
  struct Unreadable: Error, CustomStringConvertible {
    var description: String
  }

  /// Where the lyrics came from, for a notice.
  enum Origin: Equatable {
    /// A file; `source` names the place for the windows ("beside the file", …).
    case file(String, source: String)
    case embedded
    case none

    /// How the windows name it; nil for none.
    var sourceName: String? {
      switch self {
      case .file(_, let source): return source
      case .embedded: return "embedded"
      case .none: return nil
      }
    }
  }

  /// The windows' name of a `LyricsLocator` source: `beside-audio`, `folder PATH`.
  static func sourceName(ofCandidate source: String) -> String {
    if source == BesideAudioSource().name { return "beside the file" }
    if source.hasPrefix("folder") { return "lyrics folder" }
    return source
  }

  static func lyrics(
    for info: TrackInfo, explicitPath: String?,
    locator: LyricsLocator? = nil
  ) throws -> (Lyrics, Origin) {
    if let explicitPath {
      return (try load(path: explicitPath), .file(explicitPath, source: "\(Flag.lyrics) file"))
    }
    // The embedded lyrics come from `info` (the probe read the tags): no second open.
    let locator = locator ?? .withEmbeddedLyrics(probed: info, warn: { printError($0) })
    let identity = TrackIdentity(audioPath: info.path, artist: info.artist, title: info.title)
    // Timed lyrics anywhere in the order beat untimed text found before them (a `.txt` or an
    // unstamped `.lrc` beside the file, an unstamped tag): the first untimed is kept for when
    // nothing timed turns up.
    var untimed: (Lyrics, Origin)?
    let found = locator.first(for: identity) { candidate -> (Lyrics, Origin)? in
      let read: (Lyrics, Origin)
      switch candidate.content {
      case .text(let text):
        read = (LRCParser.parse(text).lyrics, .embedded)
      case .lyrics(let lyrics):
        read = (lyrics, .embedded)
      case .file(let path):
        // A broken file found by lookup is not fatal: try the next candidate.
        do {
          read = (
            try load(path: path),
            .file(path, source: sourceName(ofCandidate: candidate.source))
          )
        } catch {
          printError("\(error); looking further")
          return nil
        }
      }
      guard read.0.isUntimed else { return read }
      if untimed == nil { untimed = read }
      return nil
    }
    return found ?? untimed ?? (Lyrics(), .none)
  }

  static func load(path: String) throws -> Lyrics {
    try LyricsFileLoader.read(path)
  }
}
