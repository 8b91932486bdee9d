import SessionWiring
import SystemSupport
import TerminalFrontEnd
import WindowFrontEnd

/// What a `play` or `follow` run shows the lyrics in, chosen once at start: the SDL windows
/// (whose loop needs the main thread) or the terminal line (`--no-window`). What differs between
/// them is asked of this value, never found by casting the presenter.
enum FrontEnd: Sendable {
  case windows(WindowPresenter)
  case terminal(TerminalPresenter)

  /// What the session tells of the track, the lines and the state.
  var presenter: LyricsPresenter {
    switch self {
    case .windows(let windows): windows
    case .terminal(let terminal): terminal
    }
  }

  /// The windows, for what only they have (the saved state, covers, Raise, the strip's desktop
  /// controls); nil in the terminal.
  var windows: WindowPresenter? {
    if case .windows(let windows) = self { windows } else { nil }
  }

  /// Runs until the session has ended or the user quit: the window loop on this (the main)
  /// thread, or, in the terminal, a wait for the session's end.
  func run(_ session: LyricsSession, quitsAtEnd: Bool) {
    StartupTrace.mark("front end running")
    switch self {
    case .windows(let windows): windows.runMainLoop(session: session, quitsAtEnd: quitsAtEnd)
    case .terminal: session.waitUntilEnded()
    }
  }

  /// Any thread: ends the run as the user would: the windows close (their loop returns), or the
  /// session ends (its wait returns).
  func quit(_ session: LyricsSession?) {
    switch self {
    case .windows(let windows): windows.quit()
    case .terminal: session?.quit()
    }
  }
}
