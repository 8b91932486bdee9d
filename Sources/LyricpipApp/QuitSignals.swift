import Dispatch
import Glibc

/// Ctrl-C (SIGINT) and SIGTERM end the windowed player the same way as closing its window, so
/// the state is saved and the sound server left cleanly. Keep the returned object alive.
final class QuitSignals {
  private let sources: [any DispatchSourceSignal]

  init(_ quit: @escaping @Sendable () -> Void) {
    sources = [SIGINT, SIGTERM].map { number in
      // The default action (end the process) is replaced by the dispatch source's handler.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler(handler: quit)
      source.resume()
      return source
    }
  }

  deinit {
    for source in sources { source.cancel() }
  }
}
