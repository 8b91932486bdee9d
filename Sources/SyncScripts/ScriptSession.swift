import Clocks
import LyricsCore
import Session
import SessionWiring

/// What a script drives: the one session wiring (`LyricsSession`, as `play` runs it) and the PiP
/// controller over stand-in windows or the real ones, joined as `play` joins them
/// (`SessionPiP`). The script's actions go through the session's commands and, for the windows'
/// events, into the controller.
///
/// Confinement: the controller is used on one thread, the runner's (virtual time) or the host's
/// (real time); the session is thread-safe.
final class ScriptSession {
  let controller: PiPController
  let session: LyricsSession
  private let pip: SessionPiP

  /// - Parameters:
  ///   - strip, main: the windows: stand-ins by default, the SDL windows in a real-time run.
  ///   - deliver: carries the grace timer's firing and playback changes to this thread.
  init(
    session: LyricsSession, clock: EventClock, settings: PiPSettings, desktop: DesktopFacts,
    strip: FloatingSurface = StandInStrip(), main: MainSurface = StandInMainWindow(),
    deliver: @escaping PiPController.Deliver
  ) {
    self.session = session
    controller = PiPController(
      floating: strip, main: main, clock: clock, support: PiPSupport(facts: desktop),
      settings: settings, deliver: deliver)
    pip = SessionPiP(session: session)
    pip.attach(to: controller, deliver: deliver)
    // Prepared ahead, hidden, as the app does at start; a failure shows at the first entry.
    try? controller.prepare()
    controller.invalidatePlaybackState()
    session.begin()
  }

  func perform(_ action: ScriptAction) {
    switch action {
    case .play: session.play()
    case .pause: session.pause()
    case .seek(let ms): session.seek(toMs: ms)
    case .stop: session.stop()
    case .offset(let ms): session.adjustOffset(byMs: ms)
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

  /// What an expectation looks at: the line whose event was written last, the player's state,
  /// whether the strip is up.
  var observation: ScriptObservation {
    let line = session.shownLine
    let lines = session.currentLyrics.lines
    return ScriptObservation(
      line: line, text: lines.indices.contains(line) ? lines[line].text : nil,
      pipActive: controller.isActive, state: PlaybackActivity(session.engine.state))
  }
}
