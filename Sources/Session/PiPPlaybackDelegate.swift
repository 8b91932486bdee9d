/// What the player is doing, as the session needs to know it.
public enum PlaybackActivity: String, Equatable, Sendable {
  /// Nothing loaded.
  case noTrack
  case playing
  case paused
  case stopped
  case ended
}

/// A span of playback in milliseconds (AVKit's timeRangeForPlayback).
public struct PlaybackTimeRange: Equatable, Sendable {
  public var startMs: Int
  public var durationMs: Int

  public init(startMs: Int, durationMs: Int) {
    self.startMs = startMs
    self.durationMs = durationMs
  }
}

/// The player, as the session sees it: AVKit's sample-buffer playback delegate, plus what a
/// desktop strip needs (are lyrics loaded, which line is on display). The app implements it with
/// the Player. The controller reads the state when `invalidatePlaybackState()` is called and
/// keeps that snapshot, as AVKit does; only `currentLineIndex` is read fresh, at restore.
public protocol PiPPlaybackDelegate: AnyObject {
  /// Play (true) or pause (false), from the strip's controls.
  func pictureInPictureSetPlaying(_ playing: Bool)
  /// Skip by a signed interval, from the strip's controls.
  func pictureInPictureSkip(byMs interval: Int)
  /// The strip's size changed (also reported at the first entry).
  func pictureInPictureDidTransition(toRenderSize width: Int, height: Int)

  var playbackActivity: PlaybackActivity { get }
  var isPlaybackPaused: Bool { get }
  var playbackTimeRange: PlaybackTimeRange { get }
  var lyricsLoaded: Bool { get }
  /// The line on display now (-1: none yet), for scrolling the main window at restore.
  var currentLineIndex: Int { get }
}

extension PiPPlaybackDelegate {
  public var isPlaybackPaused: Bool { playbackActivity != .playing }
}

/// The controller's copy of the player's state, re-read by `invalidatePlaybackState()`.
public struct PlaybackSnapshot: Equatable, Sendable {
  public var activity: PlaybackActivity
  public var isPaused: Bool
  public var timeRange: PlaybackTimeRange
  public var lyricsLoaded: Bool

  public static let empty = PlaybackSnapshot(
    activity: .noTrack, isPaused: true, timeRange: PlaybackTimeRange(startMs: 0, durationMs: 0),
    lyricsLoaded: false)

  public init(
    activity: PlaybackActivity, isPaused: Bool, timeRange: PlaybackTimeRange, lyricsLoaded: Bool
  ) {
    self.activity = activity
    self.isPaused = isPaused
    self.timeRange = timeRange
    self.lyricsLoaded = lyricsLoaded
  }
}
