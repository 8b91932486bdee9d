import Clocks
import EventStream
import Locking
import LyricsCore
import SessionWiring

/// The events of a script run as JSON lines: the session's own events, as `play --events`
/// writes them, with `"t"` (script milliseconds) added last to every one so a reader can line
/// any of them up with the script.
///
/// Thread-safe: a real-time run writes from the clock's, the player's and the host's threads;
/// the time is read under the lock, so `t` never goes back down the transcript.
final class ScriptTranscript: SessionEventSink {
  private struct State {
    var lines: [String] = []
    /// Clock nanoseconds of script time 0; nil while not recording (before a run starts).
    var originNanos: Int64?
    var onWrite: (@Sendable () -> Void)?
  }

  private let clock: EventClock
  private let state: Mutex<State>

  /// - Parameter recording: whether to record from now on (script time 0 now); else from
  ///   `startRecording()`.
  init(clock: EventClock, recording: Bool = true) {
    self.clock = clock
    state = Mutex(State(originNanos: recording ? clock.nowNanos : nil))
  }

  /// Script time 0 is now; events are recorded from here on.
  func startRecording() {
    let now = clock.nowNanos
    state.withLock { $0.originNanos = now }
  }

  /// Called after every event written (a real-time run records what was on display).
  func onWrite(_ action: @escaping @Sendable () -> Void) {
    state.withLock { $0.onWrite = action }
  }

  var text: String { state.withLock { $0.lines.map { $0 + "\n" }.joined() } }

  func emit(_ event: SessionEvent) {
    let notify: (@Sendable () -> Void)? = state.withLock { state in
      guard let origin = state.originNanos else { return nil }
      let ms = (clock.nowNanos - origin).wholeMilliseconds
      state.lines.append(event.line { _ in JSONField("t", .int(ms)) })
      return state.onWrite
    }
    notify?()
  }
}
