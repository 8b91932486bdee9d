import EventStream
import Locking
import Playback
import Session

/// Connects the picture-in-picture controller to the session: the session as its playback
/// delegate (state, duration, the line on display; play/pause and skip from the strip), and its
/// lifecycle out as `pip` events (with `main restored` when the main window comes back).
///
/// Threads: the controller lives on one thread (the window loop's in the app, the runner's or
/// the host's in a script). Engine events arrive on the engine's threads, so `attach` carries
/// each "playback changed" through `deliver` before the controller re-reads the state. The
/// delegate methods only read the session and its engine, which are thread-safe.
public final class SessionPiP: PiPControllerDelegate, PiPPlaybackDelegate, Sendable {
  private let session: LyricsSession
  private let onEvent: @Sendable (PiPEvent) -> Void

  /// - Parameter onEvent: told of every transition after its events are written (the app keeps
  ///   the reason of a failed start; a script records what it saw).
  public init(session: LyricsSession, onEvent: @escaping @Sendable (PiPEvent) -> Void = { _ in }) {
    self.session = session
    self.onEvent = onEvent
  }

  /// Makes this the controller's delegates, and re-reads the playback state on the controller's
  /// thread whenever the session's playback changes.
  public func attach(to controller: PiPController, deliver: @escaping PiPController.Deliver) {
    controller.delegate = self
    controller.playbackDelegate = self
    session.addPlaybackListener { [weak controller] event in
      switch event {
      case .stateChanged, .sought, .trackChanged:
        guard let controller else { return }
        deliver { controller.invalidatePlaybackState() }
      case .outputStarted, .outputLost, .outputWaiting, .outputReconnected, .outputUnderflow,
        .trackFailed, .trackEndedEarly, .volumeChanged, .orderChanged:
        break
      }
    }
    controller.invalidatePlaybackState()
  }

  // MARK: - PiPControllerDelegate

  public func pictureInPicture(_ controller: PiPController, didEmit event: PiPEvent) {
    session.emit(.pip(state: event.transition.rawValue, reason: event.reason))
    if event.transition == .restore {
      // The main window comes back scrolled to this line (a lyricpip extension of the events).
      session.emit(.main(.restored(line: session.currentLine)))
    }
    onEvent(event)
  }

  // MARK: - PiPPlaybackDelegate

  public func pictureInPictureSetPlaying(_ playing: Bool) {
    if playing { session.play() } else { session.pause() }
  }

  public func pictureInPictureSkip(byMs interval: Int) {
    session.seek(byMs: interval)
  }

  public func pictureInPictureDidTransition(toRenderSize width: Int, height: Int) {}

  public var playbackActivity: PlaybackActivity {
    guard session.engine.currentTrack != nil else { return .noTrack }
    return PlaybackActivity(session.engine.state)
  }

  public var playbackTimeRange: PlaybackTimeRange {
    PlaybackTimeRange(
      startMs: 0, durationMs: (session.engine.currentTrack?.durationNanos ?? 0).wholeMilliseconds)
  }

  /// Lines, or a word for the strip to stand in for them ("looking up lyrics…", plain text,
  /// an instrumental).
  public var lyricsLoaded: Bool { session.hasLyrics || session.currentStatus.speaksOnStrip }
  public var currentLineIndex: Int { session.currentLine }
}
