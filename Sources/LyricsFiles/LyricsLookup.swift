import LyricsCore
import PlayerContract

/// Finds the lyrics of a track: `--lyrics PATH` for the first track, else `LyricsLocator`'s
/// order with embedded lyrics right after the `.lrc` beside the audio file. None found: empty
/// lyrics (the track still plays).
public struct LyricsLookup: Sendable {
  /// Where the lyrics came from, for a notice.
  public enum Origin: Equatable, Sendable {
    /// A file, and the kind of place it was found in.
    case file(String, kind: LyricsSourceKind)
    /// The audio file's tags.
    case embedded
    case none

    public var kind: LyricsSourceKind? {
      switch self {
      case .file(_, let kind): return kind
      case .embedded: return .embedded
      case .none: return nil
      }
    }

    /// How the windows name it ("beside the file", …); nil for none.
    public var sourceName: String? { kind?.displayName }

    /// The lyrics file, when they were read from one.
    public var file: String? {
      if case .file(let path, _) = self { return path }
      return nil
    }
  }

  /// Reads a file's tags (embedded lyrics, frame timing) when the track was not probed: the
  /// decoder's open, given by whoever can decode (this target does not).
  private let readTags: @Sendable (String) -> TrackInfo?
  /// Hears what was passed over: a broken file found by lookup, a damaged tag.
  private let warn: @Sendable (String) -> Void

  public init(
    readTags: @escaping @Sendable (String) -> TrackInfo?,
    warn: @escaping @Sendable (String) -> Void
  ) {
    self.readTags = readTags
    self.warn = warn
  }

  /// The lyrics of `info`'s track and where they came from. Only a named file (`explicitPath`)
  /// that cannot be read throws; one found by lookup is passed over with a warning.
  public func lyrics(
    for info: TrackInfo, explicitPath: String?,
    locator: LyricsLocator? = nil
  ) throws(LyricsFileLoader.Unreadable) -> (Lyrics, Origin) {
    if let explicitPath {
      return (try Self.load(path: explicitPath), .file(explicitPath, kind: .givenFile))
    }
    // The embedded lyrics come from `info` (the probe read the tags): no second open.
    let locator =
      locator ?? .withEmbeddedLyrics(probed: info, readTags: readTags, warn: warn)
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
          read = (try Self.load(path: path), .file(path, kind: candidate.kind))
        } catch {
          warn("\(error); looking further")
          return nil
        }
      }
      guard read.0.isUntimed else { return read }
      if untimed == nil { untimed = read }
      return nil
    }
    return found ?? untimed ?? (Lyrics(), .none)
  }

  static func load(path: String) throws(LyricsFileLoader.Unreadable) -> Lyrics {
    try LyricsFileLoader.read(path)
  }
}
