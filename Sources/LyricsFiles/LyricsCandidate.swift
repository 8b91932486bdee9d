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
  /// The name of the source that found it (`beside-audio`, `folder ~/.lyrics`, …), for messages.
  public var source: String

  public init(content: Content, source: String) {
    self.content = content
    self.source = source
  }

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

/// One place to look for lyrics. `LyricsLocator` asks its sources in order.
public protocol LyricsSource: Sendable {
  /// A short name for messages and for inserting sources in order.
  var name: String { get }
  /// Candidates that exist, best first.
  func candidates(for track: TrackIdentity) -> [LyricsCandidate]
}
