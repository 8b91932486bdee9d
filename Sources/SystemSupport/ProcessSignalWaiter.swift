import Glibc

/// The signals a program may take itself, by name.
public enum ProcessSignal: Int32, Sendable, CaseIterable {
  case hangUp = 1  // SIGHUP
  case interrupt = 2  // SIGINT
  case terminate = 15  // SIGTERM
}

/// Signals taken by one thread with `sigwait`, never by a handler: they are blocked before any
/// other thread exists (threads inherit the mask), so one that comes before anyone listens stays
/// pending and none is lost, and what a signal does needs no async-signal-safety.
public enum ProcessSignalWaiter {
  /// Blocks `signals` on this thread and starts a thread named `name` that calls `take` with
  /// each that comes. Call on the main thread before any other thread starts. False when no
  /// thread can be made: then the signals are unblocked again and keep their default action.
  public static func start(
    _ signals: [ProcessSignal], name: String,
    take: @escaping @Sendable (ProcessSignal) -> Void
  ) -> Bool {
    var set = signalSet(signals)
    pthread_sigmask(SIG_BLOCK, &set, nil)
    let started = DetachedThread.start(name: name) {
      var waitedFor = signalSet(signals)
      var number: Int32 = 0
      while true {
        guard sigwait(&waitedFor, &number) == 0, let signal = ProcessSignal(rawValue: number)
        else { continue }
        take(signal)
      }
    }
    if !started { pthread_sigmask(SIG_UNBLOCK, &set, nil) }
    return started
  }

  /// The default action (the process ends by the signal, as the shell expects), raised on this
  /// thread with the signal unblocked here.
  public static func endAsUnhandled(_ signal: ProcessSignal) -> Never {
    Glibc.signal(signal.rawValue, SIG_DFL)
    var one = signalSet([signal])
    pthread_sigmask(SIG_UNBLOCK, &one, nil)
    raise(signal.rawValue)
    _exit(128 + signal.rawValue)
  }

  private static func signalSet(_ signals: [ProcessSignal]) -> sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal.rawValue) }
    return set
  }
}
