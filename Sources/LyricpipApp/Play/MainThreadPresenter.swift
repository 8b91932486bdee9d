import SessionWiring

/// A presenter that needs the main thread for its event loop (SDL windows). `play` hands it the
/// main thread instead of waiting; it returns when the session has ended or the user quit.
protocol MainThreadPresenter: LyricsPresenter {
  func runMainLoop(session: LyricsSession, quitsAtEnd: Bool)
}
