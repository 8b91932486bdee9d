import PlayerContract

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
