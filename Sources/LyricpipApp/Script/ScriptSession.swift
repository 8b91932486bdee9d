import Clocks
import LyricsCore
import Session

/// The wiring a script drives: a player, the PiP controller with stand-in windows, and the
/// transcript. It is also the model of how the app wires the session: the app is the
/// controller's delegate (pip events out) and its playback delegate (the Player behind it), it
/// forwards window events in, and it calls `invalidatePlaybackState()` on every player change.
///
/// Confinement: used on one thread, the runner's (virtual time) or the host's (real time).
final class ScriptSession: PiPControllerDelegate, PiPPlaybackDelegate {
  let controller: PiPController
  private let mainWindow: RestoreReportingSurface
  private let playback: ScriptPlayback
  private let transcript: ScriptTranscript
  /// Called after anything an expectation looks at may have changed (a real-time run records
  /// what was on display when).
  var onObservationChange: (() -> Void)?

  /// - Parameters:
  ///   - strip, main: the windows: stand-ins by default, the SDL windows in a real-time run.
  ///   - deliver: carries the grace timer's firing to this session's thread.
  init(
    playback: ScriptPlayback, clock: EventClock, settings: PiPSettings, desktop: DesktopFacts,
    transcript: ScriptTranscript, strip: FloatingSurface = StandInStrip(),
    main: MainSurface = StandInMainWindow(), deliver: @escaping PiPController.Deliver = { $0() }
  ) {
    self.playback = playback
    self.transcript = transcript
    mainWindow = RestoreReportingSurface(main)
    controller = PiPController(
      floating: strip, main: mainWindow, clock: clock, support: PiPSupport(facts: desktop),
      settings: settings, deliver: deliver)
    controller.delegate = self
    controller.playbackDelegate = self
    mainWindow.onRestore = { [transcript] line in transcript.mainRestored(line: line) }
    playback.onChange = { [weak self] change in
      self?.playbackChanged(change)
      self?.onObservationChange?()
    }
    // Prepared ahead, hidden, as the app does at start; a failure shows at the first entry.
    try? controller.prepare()
    controller.invalidatePlaybackState()
    playback.begin()
  }

  func perform(_ action: ScriptAction) {
    defer { onObservationChange?() }
    switch action {
    case .play: playback.play()
    case .pause: playback.pause()
    case .seek(let ms): playback.seek(toMs: ms)
    case .stop: playback.stop()
    case .offset(let ms): playback.changeOffset(byMs: ms)
    case .focusLost: controller.handle(.mainFocusLost)
    case .focusGained: controller.handle(.mainFocusGained)
    case .minimize: controller.handle(.mainMinimized)
    case .restore: controller.handle(.mainRestored)
    case .pipStart: controller.start()
    case .pipStop: controller.stop()
    case .stripRestore: controller.handle(.stripRestoreRequested)
    case .stripClose: controller.handle(.stripCloseRequested)
    }
  }

  var observation: ScriptObservation {
    let line = playback.displayedLine
    let lines = playback.lyrics.lines
    return ScriptObservation(
      line: line, text: lines.indices.contains(line) ? lines[line].text : nil,
      pipActive: controller.isActive, state: playback.activity)
  }

  private func playbackChanged(_ change: PlaybackChange) {
    switch change {
    case .state(let activity, let posMs):
      transcript.state(activity, posMs: posMs)
      controller.invalidatePlaybackState()
    case .line(let index, let posMs):
      let lines = playback.lyrics.lines
      let line = lines.indices.contains(index) ? lines[index] : nil
      // Before the first line: ms 0 and no text, as `lyricpip play --events` writes it.
      transcript.line(index: index, ms: line?.ms ?? 0, posMs: posMs, text: line?.text ?? "")
    case .word(let line, let word, let posMs):
      transcript.word(line: line, word: word, posMs: posMs)
    case .seek(let posMs):
      transcript.seek(posMs: posMs)
      controller.invalidatePlaybackState()
    case .offset(let totalMs):
      transcript.offset(totalMs: totalMs)
    }
  }

  // MARK: - PiPControllerDelegate

  func pictureInPicture(_ controller: PiPController, didEmit event: PiPEvent) {
    transcript.pip(event)
    onObservationChange?()
  }

  // MARK: - PiPPlaybackDelegate

  func pictureInPictureSetPlaying(_ playing: Bool) {
    if playing { playback.play() } else { playback.pause() }
  }

  func pictureInPictureSkip(byMs interval: Int) {
    playback.seek(toMs: max(0, min(playback.positionMs + interval, playback.durationMs)))
  }

  func pictureInPictureDidTransition(toRenderSize width: Int, height: Int) {}

  var playbackActivity: PlaybackActivity { playback.activity }
  var playbackTimeRange: PlaybackTimeRange {
    PlaybackTimeRange(startMs: 0, durationMs: playback.durationMs)
  }
  var lyricsLoaded: Bool { !playback.lyrics.lines.isEmpty }
  var currentLineIndex: Int { playback.displayedLine }
}
