import EventStream
import SessionWiring
import Surface
import SystemSupport

/// The windowed player when its X server goes away: the state is saved (where the track stood,
/// the queue, the volume; the windows' places stay as last saved, since they can no longer be
/// asked), an `error` event and a line on stderr say why, the events are written out, and the
/// process ends with `exitStatus` (69: the display is a missing service). Runs on the thread whose X
/// connection failed (`DisplayLoss`), and touches no window: every X call would fail again.
public enum DisplayLossQuit {
  /// `exitStatus`: the process's status then (the app's for a missing service).
  public static func install(
    windows: WindowPresenter, session: LyricsSession, events: EventWriter?, exitStatus: Int32
  ) {
    DisplayLoss.onLoss {
      windows.saveStateWithoutWindows(session: session)
      session.reportError("the X server went away; the state is saved, quitting")
      _ = events?.finish()
      SystemProcess.exitNow(exitStatus)
    }
  }
}
