import Locking

/// The signals the player takes itself. SIGHUP reads the settings again (`onReload`), each time
/// it comes, in every mode (its default action would end the process). With `quitting`, Ctrl-C
/// (SIGINT) and SIGTERM end the windowed player the same way as closing its window, so
/// the state is saved and the sound server left cleanly, whenever they come, even while the
/// player is still starting. A second one ends the process at once, as if unhandled, for a
/// player that does not get to its end.
///
/// Why not a dispatch signal source: it sets the signal to SIG_IGN and registers its own handler
/// later on another thread, so a signal in between was dropped (the player then played on until
/// killed), and one before the window loop ran ended the process unsaved. Here both signals are
/// blocked before any other thread exists (threads inherit the mask), and one thread takes them
/// with `sigwait`: a signal that comes before anyone listens stays pending; none is lost. The
/// handler is that thread, so what a signal does needs no async-signal-safety.
public final class ProcessSignals: Sendable {
  private let numbers: [ProcessSignal]

  private struct State {
    var action: (@Sendable () -> Void)?
    var received = 0
    var reload: (@Sendable () -> Void)?
    var reloadPending = false
  }
  private let state = Mutex(State())

  private init(numbers: [ProcessSignal]) { self.numbers = numbers }

  /// Blocks SIGHUP (and, `quitting`, SIGINT and SIGTERM) and starts the thread that takes them.
  /// Call on the main thread before any other thread starts; keep the result for the life of
  /// the process. When the thread cannot be made, the signals are unblocked and keep their
  /// default action.
  public static func install(quitting: Bool = true) -> ProcessSignals {
    let numbers: [ProcessSignal] = quitting ? [.interrupt, .terminate, .hangUp] : [.hangUp]
    let signals = ProcessSignals(numbers: numbers)
    _ = ProcessSignalWaiter.start(numbers, name: "lyricpip.signal") { signals.take($0) }
    return signals
  }

  /// What a first signal does. A signal that came before this was set runs it now.
  public func onQuit(_ quit: @escaping @Sendable () -> Void) {
    let runNow = state.withLock {
      $0.action = quit
      return $0.received > 0
    }
    if runNow { quit() }
  }

  /// What SIGHUP does, every time. One that came before this was set runs it now.
  public func onReload(_ reload: @escaping @Sendable () -> Void) {
    let runNow = state.withLock { state in
      state.reload = reload
      defer { state.reloadPending = false }
      return state.reloadPending
    }
    if runNow { reload() }
  }

  /// On the signal thread.
  private func take(_ number: ProcessSignal) {
    if number == .hangUp {
      let reload = state.withLock {
        if $0.reload == nil { $0.reloadPending = true }
        return $0.reload
      }
      reload?()
      return
    }
    let (count, quit) = state.withLock {
      $0.received += 1
      return ($0.received, $0.action)
    }
    if count == 1 {
      quit?()
    } else {
      ProcessSignalWaiter.endAsUnhandled(number)
    }
  }
}
