import LyricsCore

/// Where a track's lyrics may be found: a file, or text or lyrics already in hand (embedded in
/// the audio file's tags, added by the playback module as a source of its own).
public struct LyricsCandidate: Equatable, Sendable {
  public enum Content: Equatable, Sendable {
    case file(path: String)
    /// LRC or plain text to parse (ID3 `USLT`, a Vorbis `LYRICS` comment).
    case text(String)
    /// Lyrics already timed, not LRC text (ID3 `SYLT`).
    case lyrics(Lyrics)
  }

  public var content: Content
  /// The kind of source that found it.
  public var kind: LyricsSourceKind

  public init(content: Content, kind: LyricsSourceKind) {
    self.content = content
    self.kind = kind
  }

  /// The name of the source that found it (`beside-audio`, `~/.lyrics`, …), for messages.
  public var source: String { kind.name }

  /// The path, for a file candidate.
  public var path: String? {
    if case .file(let path) = content { return path }
    return nil
  }
}

/// What lookup knows about a track: its audio file, and its artist and title when the tags say.
public struct TrackIdentity: Equatable, Sendable {
  public var audioPath: String
  public var artist: String?
  public var title: String?

  public init(audioPath: String, artist: String? = nil, title: String? = nil) {
    self.audioPath = audioPath
    self.artist = artist
    self.title = title
  }
}

/// One place to look for lyrics. `LyricsLocator` asks its sources in the order of their kinds.
public protocol LyricsSource: Sendable {
  /// Which place it is: its rank in the lookup's order, its names in messages.
  var kind: LyricsSourceKind { get }
  /// Candidates that exist, best first.
  func candidates(for track: TrackIdentity) -> [LyricsCandidate]
}
