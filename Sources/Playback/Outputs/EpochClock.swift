/// The bookkeeping every output keeps for the player's epochs (see `AudioOutput`): which epoch
/// is current, at which track frame it started, how many of its frames were written, and how
/// many of those have been heard, never running backwards within an epoch.
///
/// A value type without a lock of its own: each output keeps it under its own lock.
struct EpochClock: Equatable, Sendable {
  private(set) var epoch = 0
  /// Track frame at which the epoch's first written sample plays.
  private(set) var baseFrame: Int64 = 0
  /// Frames written (queued) in this epoch.
  private(set) var writtenFrames: Int64 = 0
  /// Frames of this epoch heard so far, at most `writtenFrames`.
  private(set) var playedFrames: Int64 = 0

  /// The track frame heard now, as far as this clock knows.
  var heardFrame: Int64 { baseFrame + playedFrames }

  /// Written but not yet heard.
  var isBehind: Bool { playedFrames < writtenFrames }

  /// Whether samples tagged `epoch` belong to the current epoch.
  func accepts(_ writeEpoch: Int) -> Bool { writeEpoch == epoch }

  /// A new epoch starting at track frame `frame`; nothing of it is written or heard.
  mutating func flush(epoch newEpoch: Int, startingAt frame: Int64) {
    epoch = newEpoch
    baseFrame = frame
    writtenFrames = 0
    playedFrames = 0
  }

  /// Keeps the heard position and forgets what was queued (the device or server dropped it):
  /// the next samples written play from there, in the same epoch.
  mutating func rebaseAtHeard() {
    baseFrame += playedFrames
    writtenFrames = 0
    playedFrames = 0
  }

  mutating func wrote(frames: Int64) { writtenFrames += frames }

  /// Records that `frames` of the epoch have been heard (clamped to what was written; an
  /// earlier, larger value wins) and returns the frames heard.
  @discardableResult
  mutating func heard(frames: Int64) -> Int64 {
    playedFrames = max(playedFrames, min(max(0, frames), writtenFrames))
    return playedFrames
  }

  /// Everything written has been heard.
  mutating func heardAll() { playedFrames = writtenFrames }
}
