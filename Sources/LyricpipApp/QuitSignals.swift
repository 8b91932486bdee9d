import Glibc
import Locking
import SystemSupport

/// Ctrl-C (SIGINT) and SIGTERM end the windowed player the same way as closing its window, so
/// the state is saved and the sound server left cleanly, whenever they come, even while the
/// player is still starting. A second one ends the process at once, as if unhandled, for a
/// player that does not get to its end.
///
/// Why not a dispatch signal source: it sets the signal to SIG_IGN and registers its own handler
/// later on another thread, so a signal in between was dropped (the player then played on until
/// killed), and one before the window loop ran ended the process unsaved. Here both signals are
/// blocked before any other thread exists (threads inherit the mask), and one thread takes them
/// with `sigwait`: a signal that comes before anyone listens stays pending; none is lost.
final class QuitSignals: Sendable {
  private static let numbers: [Int32] = [SIGINT, SIGTERM]

  private struct State {
    var action: (@Sendable () -> Void)?
    var received = 0
  }
  private let state = Mutex(State())

  /// Blocks SIGINT and SIGTERM and starts the thread that takes them. Call on the main thread
  /// before any other thread starts; keep the result for the life of the process. When the thread
  /// cannot be made, the signals are unblocked and keep their default action.
  static func install() -> QuitSignals {
    let signals = QuitSignals()
    var set = signalSet(numbers)
    pthread_sigmask(SIG_BLOCK, &set, nil)
    let started = DetachedThread.start(name: "lyricpip.signal") {
      var waitedFor = signalSet(numbers)
      var number: Int32 = 0
      while true {
        guard sigwait(&waitedFor, &number) == 0 else { continue }
        signals.take(number)
      }
    }
    if !started { pthread_sigmask(SIG_UNBLOCK, &set, nil) }
    return signals
  }

  /// What a first signal does. A signal that came before this was set runs it now.
  func onQuit(_ quit: @escaping @Sendable () -> Void) {
    let runNow = state.withLock {
      $0.action = quit
      return $0.received > 0
    }
    if runNow { quit() }
  }

  /// On the signal thread.
  private func take(_ number: Int32) {
    let (count, quit) = state.withLock {
      $0.received += 1
      return ($0.received, $0.action)
    }
    if count == 1 {
      quit?()
    } else {
      Self.endAsUnhandled(number)
    }
  }

  /// The default action (the process ends by the signal, as the shell expects), raised on this
  /// thread with the signal unblocked here.
  private static func endAsUnhandled(_ number: Int32) -> Never {
    signal(number, SIG_DFL)
    var one = signalSet([number])
    pthread_sigmask(SIG_UNBLOCK, &one, nil)
    raise(number)
    _exit(128 + number)
  }

  private static func signalSet(_ numbers: [Int32]) -> sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    for number in numbers { sigaddset(&set, number) }
    return set
  }
}
