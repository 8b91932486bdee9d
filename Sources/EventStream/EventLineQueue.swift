import Dispatch
import Locking
import SystemSupport

/// The lines of the `--events` stream on their way out: queued by any thread without waiting,
/// written by a writer thread of their own, in the order they were queued.
///
/// A reader that stops reading fills the pipe; then only the writer thread waits, never the
/// sound, the clock or the windows. The queue is bounded (`limits`): past it, lines are dropped
/// and counted, and a `{"event":"dropped","count":N}` line takes their place as soon as there
/// is room, so a loss is never silent.
final class EventLineQueue: Sendable {
  struct Limits: Sendable {
    var lines: Int
    var bytes: Int
    /// Generous: 64k lines or 8 MiB, far more than a reader that catches up ever leaves.
    static let standard = Limits(lines: 65_536, bytes: 8 << 20)
  }

  private struct State {
    /// Queued and not yet taken by the writer, oldest first; `bytes` is their size.
    var lines: [String] = []
    var bytes = 0
    var dropped = 0
    var closing = false
    /// No writer thread could be made: lines are written by the caller, in order, as before
    /// there was a queue (a slow reader then holds up the callers; better than no events).
    var writesInPlace = false
  }

  private let state = Mutex(State())
  private let limits: Limits
  private let handle: OutputFile
  /// Signalled at every line queued and at `close`: wakes the writer thread.
  private let wake = DispatchSemaphore(value: 0)
  /// Signalled once by the writer thread when everything queued before `close` is written.
  private let drained = DispatchSemaphore(value: 0)

  init(handle: OutputFile, limits: Limits = .standard) {
    self.handle = handle
    self.limits = limits
    let started = DetachedThread.start(name: "lyricpip.events") { [self] in writeUntilClosed() }
    if !started { state.withLock { $0.writesInPlace = true } }
  }

  /// Queues `line` (a whole line, with its newline); never waits.
  func push(_ line: String) {
    let queued = state.withLock { state -> Bool in
      guard !state.closing else { return false }
      if state.writesInPlace {
        handle.write(line)
        return false
      }
      guard state.lines.count < limits.lines, state.bytes + line.utf8.count <= limits.bytes else {
        state.dropped += 1
        return false
      }
      Self.appendDroppedNotice(&state)
      state.lines.append(line)
      state.bytes += line.utf8.count
      return true
    }
    if queued { wake.signal() }
  }

  /// Stops taking lines and waits up to `seconds` for the writer to write out what is queued.
  /// False when the time ran out (a reader that does not read); the rest is then left to the
  /// writer thread, which writes on if the reader comes back before the process ends.
  @discardableResult
  func close(waitingAtMost seconds: Double) -> Bool {
    let inPlace = state.withLock { state in
      state.closing = true
      return state.writesInPlace
    }
    if inPlace { return true }
    wake.signal()
    let done = drained.wait(timeout: .now() + .nanoseconds(Int(seconds * 1e9))) == .success
    // Let a later `close` find it done too.
    if done { drained.signal() }
    return done
  }

  /// The writer thread: takes what is queued, writes it (this is the only blocking write), and
  /// ends once closed and empty.
  private func writeUntilClosed() {
    while true {
      wake.wait()
      while let batch = takeBatch() {
        for line in batch { handle.write(line) }
      }
      if state.withLock({ $0.closing }) {
        // Anything queued between the last batch and `closing` was taken by `takeBatch` above.
        drained.signal()
        return
      }
    }
  }

  /// Everything queued, oldest first, with the dropped notice when lines were dropped since;
  /// nil when there is nothing.
  private func takeBatch() -> [String]? {
    state.withLock { state in
      Self.appendDroppedNotice(&state)
      guard !state.lines.isEmpty else { return nil }
      let batch = state.lines
      state.lines = []
      state.bytes = 0
      return batch
    }
  }

  /// Puts the notice of the lines dropped so far in the queue, in their place.
  private static func appendDroppedNotice(_ state: inout State) {
    guard state.dropped > 0 else { return }
    let notice = SessionEvent.dropped(count: state.dropped).line() + "\n"
    state.lines.append(notice)
    state.bytes += notice.utf8.count
    state.dropped = 0
  }
}
