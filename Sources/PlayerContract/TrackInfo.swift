/// What is known about a track before it plays.
public struct TrackInfo: Equatable, Sendable {
  /// The path as given (or a name for a generated track).
  public var path: String
  public var title: String?
  public var artist: String?
  public var album: String?
  /// Nil when the container does not say.
  public var durationNanos: Int64?
  /// Unsynchronised or LRC text embedded in the file: ID3 `USLT` or the Vorbis/FLAC `LYRICS` tag.
  /// The lookup uses it after a `.lrc` beside the file.
  public var embeddedLyrics: String?
  /// How long one coded frame of the file lasts, which ID3 `SYLT` timestamps counted in MPEG
  /// frames need; nil when the track is not a decoded file.
  public var frameTiming: MPEGFrameTiming?
  /// The loudness tags, when the file has them.
  public var replayGain: ReplayGain?
  /// Whether the file holds a cover (an attached picture), as its decoder saw on opening it;
  /// nil when not known. False spares the cover's search another FFmpeg open of the file.
  public var hasAttachedPicture: Bool?

  public init(
    path: String, title: String? = nil, artist: String? = nil, album: String? = nil,
    durationNanos: Int64? = nil, embeddedLyrics: String? = nil,
    frameTiming: MPEGFrameTiming? = nil, replayGain: ReplayGain? = nil,
    hasAttachedPicture: Bool? = nil
  ) {
    self.path = path
    self.title = title
    self.artist = artist
    self.album = album
    self.durationNanos = durationNanos
    self.embeddedLyrics = embeddedLyrics
    self.frameTiming = frameTiming
    self.replayGain = replayGain
    self.hasAttachedPicture = hasAttachedPicture
  }
}
