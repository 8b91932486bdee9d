import ID3

/// A track's audio as the player reads it: interleaved float PCM in the output's format.
/// `AudioDecoder` reads files; `SilentSource` stands in when there is no audio file.
///
/// Not thread-safe: the player reads and seeks it under its own lock only.
public protocol PCMSource: AnyObject {
  var info: TrackInfo { get }
  /// Up to `maxFrames` frames; an empty array at the end of the track.
  func read(maxFrames: Int) -> [Float]
  /// Moves so that the next `read` starts at track frame `frame` (accurate, not keyframe-rounded).
  func seek(toFrame frame: Int64) throws
  /// After `read` came back empty: why the track ended before its length, or nil when it
  /// played whole.
  var earlyEnd: String? { get }
}

extension PCMSource {
  public var earlyEnd: String? { nil }
}

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

/// A silent track of a given length, for lyrics without audio (sync scripts) and for tests.
public final class SilentSource: PCMSource {
  public let info: TrackInfo
  private let format: AudioFormat
  private let totalFrames: Int64
  private var nextFrame: Int64 = 0

  public init(name: String, durationNanos: Int64, format: AudioFormat) {
    self.format = format
    totalFrames = format.frames(nanos: durationNanos)
    info = TrackInfo(path: name, durationNanos: durationNanos)
  }

  public func read(maxFrames: Int) -> [Float] {
    let count = Int(min(Int64(maxFrames), max(0, totalFrames - nextFrame)))
    nextFrame += Int64(count)
    return [Float](repeating: 0, count: count * format.channels)
  }

  public func seek(toFrame frame: Int64) throws {
    nextFrame = min(max(0, frame), totalFrames)
  }
}
