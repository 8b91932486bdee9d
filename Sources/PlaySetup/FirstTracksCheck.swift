import Dispatch
import Locking
import SessionWiring
import SystemSupport

/// The check of the files `play` starts with (FFmpeg's probe of each file given by name, and
/// of the first, and their lyrics), on a thread of its own. `play` waits for it a short while
/// (`patience`) before any window or bus name comes up, so that a file that is not audio is
/// still exit 2 with nothing shown; a file that takes longer (a network share, a disk waking
/// up: each read may take a second) is checked while the windows and the bus answer, and the
/// queue starts when it is done.
public final class FirstTracksCheck: Sendable {
  public typealias Outcome = Result<[SessionTrack], QueueFailure>

  /// How long `play` waits for the check before it brings the windows and the bus up: far
  /// more than a probe of a local file takes (milliseconds), far less than a user notices.
  public static let patienceSeconds = 0.3

  private struct State {
    var outcome: Outcome?
    var then: (@Sendable (Outcome) -> Void)?
  }
  private let state = Mutex(State())
  private let finished = DispatchSemaphore(value: 0)

  /// Starts `check` on its thread (`lyricpip.check`).
  public init(_ check: @escaping @Sendable () -> Outcome) {
    let started = DetachedThread.start(name: "lyricpip.check") { [self] in
      finish(check())
    }
    if !started {
      finish(
        .failure(
          QueueFailure(
            status: .serviceUnavailable, message: "cannot start a thread to open the files")))
    }
  }

  /// The outcome, once the check is done (nil before).
  public var outcome: Outcome? { state.withLock { $0.outcome } }

  /// Waits up to `seconds` for the check; its outcome, or nil when it is still running.
  public func wait(seconds: Double) -> Outcome? {
    _ = finished.wait(timeout: .now() + .nanoseconds(Int(seconds * 1e9)))
    return outcome
  }

  /// Calls `then` with the outcome once the check is done: on the check's thread, or at once
  /// when it is done already. Once, and not after `cancel`.
  public func whenDone(_ then: @escaping @Sendable (Outcome) -> Void) {
    let done: Outcome? = state.withLock { state in
      if state.outcome == nil { state.then = then }
      return state.outcome
    }
    if let done { then(done) }
  }

  /// The run is over: what `whenDone` was given is not called any more (the queue must not
  /// start while the player shuts down). The outcome, if it came before: it was handed on.
  @discardableResult
  public func cancel() -> Outcome? {
    state.withLock { state in
      state.then = nil
      return state.outcome
    }
  }

  private func finish(_ outcome: Outcome) {
    let then = state.withLock { state in
      state.outcome = outcome
      defer { state.then = nil }
      return state.then
    }
    finished.signal()
    then?(outcome)
  }
}
