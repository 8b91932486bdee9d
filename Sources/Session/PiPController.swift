import Clocks

/// The picture-in-picture lifecycle: when the floating strip appears and goes, told to the
/// delegate as AVKit's controller tells it.
///
/// Confinement: every method is called on one thread, the thread of whoever owns it: the window
/// loop in the app, a script host's serial queue, a virtual-time runner, a test. No one global
/// actor fits all of them (and Session knows no window loop), so the controller is confined by
/// its owner rather than isolated. The only work that arrives from elsewhere is the grace timer,
/// which the clock runs on its own thread; `deliver` carries it back to the owner's thread (the
/// app posts it to its window loop; with a `ManualClock`, which runs work inside `advance` on
/// the caller's thread, the owner runs it in place). There is no default for `deliver`: running
/// the firing in place on a real clock's thread would race the owner's.
// @unchecked: confined to its owner's thread (above), which the compiler cannot see.
public final class PiPController: @unchecked Sendable {
  /// Carries work from the clock's thread to the controller's thread. There is no default: run in
  /// place, the grace timer's work would change the controller on the clock's thread.
  public typealias Deliver = @Sendable (@escaping @Sendable () -> Void) -> Void

  public weak var delegate: PiPControllerDelegate?
  /// Reads the player's state; call `invalidatePlaybackState()` after setting it.
  public weak var playbackDelegate: PiPPlaybackDelegate?
  public var settings: PiPSettings
  public let support: PiPSupport

  /// Whether the strip is up now (between didStart and willStop).
  public private(set) var isActive = false
  /// The user hid the strip (`lyricpip ctl hide`, the tray): no auto-entry until they show it.
  public private(set) var isHiddenByUser = false
  /// The player's state as last read by `invalidatePlaybackState()`.
  public private(set) var playback = PlaybackSnapshot.empty

  private let floating: FloatingSurface
  private let main: MainSurface
  private let clock: EventClock
  private let deliver: Deliver
  private var isPrepared = false
  /// The grace timer of a pending auto-entry; `graceGeneration` tells a stale firing (one
  /// already on its way through `deliver` when it was cancelled) from the current one.
  private var graceWork: ScheduledWork?
  private var graceGeneration = 0
  private var reportedUnsupported = false
  private var lastRenderSize: (width: Int, height: Int)?

  public init(
    floating: FloatingSurface, main: MainSurface, clock: EventClock, support: PiPSupport,
    settings: PiPSettings = PiPSettings(), deliver: @escaping Deliver
  ) {
    self.floating = floating
    self.main = main
    self.clock = clock
    self.support = support
    self.settings = settings
    self.deliver = deliver
  }

  public var isSupported: Bool { support.isSupported }

  /// Lyrics loaded and a track playing or paused.
  public var isPossible: Bool {
    playback.lyricsLoaded && (playback.activity == .playing || playback.activity == .paused)
  }

  /// Whether an auto-entry is waiting out its grace.
  public var isEnteringAfterGrace: Bool { graceWork != nil }

  /// Creates the strip ahead, hidden, so that entering only has to show it. Safe to call again.
  public func prepare() throws {
    guard !isPrepared, support.isSupported else { return }
    try floating.prepare()
    isPrepared = true
  }

  /// Shows the strip now. Emits willStart, then didStart or failedToStart with the reason.
  /// A start the user asked for ends a `hideUntilShown`.
  public func start(cause: PiPCause = .user) {
    if cause == .user { isHiddenByUser = false }
    enter(cause: cause)
  }

  /// Hides the strip and keeps it hidden, even when the main window loses the focus or is
  /// minimised, until `start` is called (the desktop's "hide the strip").
  public func hideUntilShown() {
    isHiddenByUser = true
    stop()
  }

  /// Hides the strip without bringing the main window forward (willStop, didStop).
  public func stop(cause: PiPCause = .user) {
    cancelGrace()
    leave(cause: cause, restoring: false)
  }

  /// The user asked to go back: the main window comes to the front at the current line and the
  /// strip goes (willStop, restore, didStop).
  public func restoreUserInterface(cause: PiPCause = .user) {
    cancelGrace()
    leave(cause: cause, restoring: true)
  }

  /// Reacts to what the windows report.
  public func handle(_ event: SurfaceEvent) {
    switch event {
    case .mainFocusLost:
      guard !isActive, settings.autoEnter == .focusLoss, shouldAutoEnter() else { return }
      beginGrace()
    case .mainMinimized:
      guard !isActive, settings.autoEnter != .never, shouldAutoEnter() else { return }
      cancelGrace()
      enter(cause: .minimized)
    case .mainFocusGained:
      cancelGrace()
      leave(cause: .focusGained, restoring: true)
    case .mainRestored:
      cancelGrace()
      leave(cause: .unminimized, restoring: true)
    case .stripRestoreRequested:
      leave(cause: .strip, restoring: true)
    case .stripCloseRequested:
      leave(cause: .closed, restoring: false)
    }
  }

  /// Re-reads the player's state (call it on play, pause, seek, track and lyrics changes).
  /// A pending auto-entry that no longer applies is dropped.
  public func invalidatePlaybackState() {
    if let player = playbackDelegate {
      playback = PlaybackSnapshot(
        activity: player.playbackActivity, isPaused: player.isPlaybackPaused,
        timeRange: player.playbackTimeRange, lyricsLoaded: player.lyricsLoaded)
    } else {
      playback = .empty
    }
    if graceWork != nil, !isEligibleForAutoEntry { cancelGrace() }
  }

  /// The strip's play/pause control.
  public func togglePlayback() {
    playbackDelegate?.pictureInPictureSetPlaying(playback.isPaused)
    invalidatePlaybackState()
  }

  /// The strip's skip controls.
  public func skip(byMs interval: Int) {
    playbackDelegate?.pictureInPictureSkip(byMs: interval)
    invalidatePlaybackState()
  }

  /// The strip was resized: tells the playback delegate the new size.
  public func renderSizeDidChange() {
    reportRenderSize()
  }

  // MARK: - Transitions

  private func enter(cause: PiPCause) {
    guard !isActive else { return }
    cancelGrace()
    emit(.willStart, cause.rawValue)
    if let blocker = startBlocker {
      emit(.failedToStart, blocker)
      return
    }
    do {
      try prepare()
      try floating.show()
    } catch let error as SurfaceError {
      emit(.failedToStart, error.reason)
      return
    } catch {
      emit(.failedToStart, "\(error)")
      return
    }
    isActive = true
    emit(.didStart, cause.rawValue)
    reportRenderSize()
  }

  private func leave(cause: PiPCause, restoring: Bool) {
    guard isActive else { return }
    emit(.willStop, cause.rawValue)
    // The strip goes first: when the window that has the focus is hidden, the window manager
    // hands the focus to another window; hiding the strip after the main window was activated
    // could hand it away from the main window again.
    floating.hide()
    if restoring {
      emit(.restore, cause.rawValue)
      main.restore(scrolledTo: playbackDelegate?.currentLineIndex ?? -1)
    }
    isActive = false
    emit(.didStop, cause.rawValue)
  }

  private var startBlocker: String? {
    if let reason = support.reason, !support.isSupported { return reason }
    if !playback.lyricsLoaded { return "no lyrics loaded" }
    if !isPossible { return "no track playing or paused" }
    return nil
  }

  // MARK: - Auto-entry

  private var isEligibleForAutoEntry: Bool {
    isPossible && (playback.activity == .playing || settings.autoEnterWhenPaused)
  }

  /// Whether an auto-entry should go ahead. An unsupported desktop is tried (and so reported as a
  /// failed start with its reason) once, not at every focus change.
  private func shouldAutoEnter() -> Bool {
    guard isEligibleForAutoEntry, !isHiddenByUser else { return false }
    if !support.isSupported {
      if reportedUnsupported { return false }
      reportedUnsupported = true
    }
    return true
  }

  private func beginGrace() {
    guard graceWork == nil else { return }
    guard settings.graceMs > 0 else {
      enter(cause: .focusLost)
      return
    }
    graceGeneration += 1
    let generation = graceGeneration
    let deadline = clock.nowNanos + Int64(settings.graceMs) * 1_000_000
    graceWork = clock.schedule(at: deadline) { [weak self, deliver] in
      guard let self else { return }
      deliver { self.graceElapsed(generation) }
    }
    floating.readyForEntry()
  }

  private func graceElapsed(_ generation: Int) {
    guard generation == graceGeneration, graceWork != nil else { return }
    graceWork = nil
    guard isEligibleForAutoEntry else { return }
    enter(cause: .focusLost)
  }

  private func cancelGrace() {
    graceWork?.cancel()
    graceWork = nil
    graceGeneration += 1
  }

  // MARK: - Reporting

  private func emit(_ transition: PiPEvent.Transition, _ reason: String) {
    delegate?.pictureInPicture(self, didEmit: PiPEvent(transition, reason: reason))
  }

  private func reportRenderSize() {
    let size = floating.renderSize
    if let last = lastRenderSize, last == size { return }
    lastRenderSize = size
    playbackDelegate?.pictureInPictureDidTransition(toRenderSize: size.width, height: size.height)
  }
}
