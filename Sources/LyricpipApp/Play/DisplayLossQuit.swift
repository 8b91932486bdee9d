import EventStream
import Glibc
import SessionWiring
import Surface

/// The windowed player when its X server goes away: the state is saved (where the track stood,
/// the queue, the volume; the windows' places stay as last saved, since they can no longer be
/// asked), an `error` event and a line on stderr say why, the events are written out, and the
/// process ends with status 69 (the display is a missing service). Runs on the thread whose X
/// connection failed (`DisplayLoss`), and touches no window: every X call would fail again.
enum DisplayLossQuit {
  static func install(windows: WindowPresenter, session: LyricsSession, events: EventWriter?) {
    DisplayLoss.onLoss {
      windows.saveStateWithoutWindows(session: session)
      session.reportError("the X server went away; the state is saved, quitting")
      _ = events?.finish()
      _exit(ExitStatus.serviceUnavailable.rawValue)
    }
  }
}
