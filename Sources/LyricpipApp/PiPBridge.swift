import LyricsCore
import Playback
import Session

/// Connects the picture-in-picture controller to the app: the `Player` (and the scheduler's line
/// on display) as its playback delegate, and its lifecycle events out as `pip` events.
///
/// Threads: the controller lives on the window loop's thread. Player events arrive on the
/// player's threads, so `attach` carries each "playback changed" back through `deliver` (the
/// window loop's mailbox in the app; in place in tests) before the controller re-reads the state.
/// The delegate methods only read the player and scheduler, which are thread-safe.
public final class PiPBridge: PiPControllerDelegate, PiPPlaybackDelegate, @unchecked Sendable {
  private let player: Player
  private let scheduler: SyncScheduler
  private let lyricsLoadedNow: @Sendable () -> Bool
  private let writeEvent: @Sendable (PiPEvent) -> Void
  /// The strip's size as last reported, for a front end that wants it.
  public private(set) var renderSize: (width: Int, height: Int)?

  /// - Parameters:
  ///   - lyricsLoaded: whether the current track has timed lyrics.
  ///   - writeEvent: writes `{"event":"pip","state":…,"reason":…}` (and anything else the app
  ///     does on a transition).
  public init(
    player: Player, scheduler: SyncScheduler, lyricsLoaded: @escaping @Sendable () -> Bool,
    writeEvent: @escaping @Sendable (PiPEvent) -> Void
  ) {
    self.player = player
    self.scheduler = scheduler
    self.lyricsLoadedNow = lyricsLoaded
    self.writeEvent = writeEvent
  }

  /// Makes this bridge the controller's delegates, and re-reads the playback state on the
  /// controller's thread whenever the player changes.
  public func attach(to controller: PiPController, deliver: @escaping PiPController.Deliver) {
    controller.delegate = self
    controller.playbackDelegate = self
    player.addObserver { [weak controller] event in
      switch event {
      case .stateChanged, .sought, .trackChanged:
        guard let controller else { return }
        deliver { controller.invalidatePlaybackState() }
      case .outputStarted, .outputLost, .outputReconnected, .trackFailed:
        break
      }
    }
    controller.invalidatePlaybackState()
  }

  // MARK: - PiPControllerDelegate

  public func pictureInPicture(_ controller: PiPController, didEmit event: PiPEvent) {
    writeEvent(event)
  }

  // MARK: - PiPPlaybackDelegate

  public func pictureInPictureSetPlaying(_ playing: Bool) {
    if playing { player.play() } else { player.pause() }
  }

  public func pictureInPictureSkip(byMs interval: Int) {
    let target = player.heardPosition().nanos + Int64(interval) * 1_000_000
    player.seek(toNanos: max(0, target))
  }

  public func pictureInPictureDidTransition(toRenderSize width: Int, height: Int) {
    renderSize = (width, height)
  }

  public var playbackActivity: PlaybackActivity {
    guard player.currentTrack != nil else { return .noTrack }
    switch player.state {
    case .playing: return .playing
    case .paused: return .paused
    case .stopped: return .stopped
    case .ended: return .ended
    }
  }

  public var playbackTimeRange: PlaybackTimeRange {
    PlaybackTimeRange(startMs: 0, durationMs: Int((player.durationNanos ?? 0) / 1_000_000))
  }

  public var lyricsLoaded: Bool { lyricsLoadedNow() }
  public var currentLineIndex: Int { scheduler.current.line }
}
