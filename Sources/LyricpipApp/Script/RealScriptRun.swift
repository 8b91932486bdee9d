import FoundationEssentials
import LyricsCore
import Session
import Synchronization
import SystemSupport

/// One run of a sync script under `clock real`: the real player on the real sound output, the
/// session on the host's thread (the window loop, or a queue without a display), and each step
/// scheduled on the `SystemClock` at its script time (no polling). An expectation at script time
/// t is judged at t + tolerance against what was on display during [t - tolerance,
/// t + tolerance] (`ObservationHistory`).
///
/// Threads: the clock fires each step on its queue and posts it to the host; everything else
/// (session, transcript, history) lives on the host's thread. The caller's thread (main) runs
/// the host until the end.
final class RealScriptRun: @unchecked Sendable {
  private let script: SyncScript
  private let host: ScriptHost
  private let playback: RealScriptPlayback
  private let clock: SystemClock
  // Confined to the host's thread once `execute` has posted the start.
  private var startNanos: Int64 = 0
  private var transcript: ScriptTranscript?
  private var session: ScriptSession?
  private var history = ObservationHistory()
  private var failures: [ScriptRunner.Failure] = []
  /// Handed from the host's thread to the caller's when the run ends.
  private let outcome = Mutex<ScriptRun.Outcome?>(nil)

  private init(
    script: SyncScript, host: ScriptHost, playback: RealScriptPlayback, clock: SystemClock
  ) {
    self.script = script
    self.host = host
    self.playback = playback
    self.clock = clock
  }

  /// Runs `script` to its end on `host`; blocks the calling (main) thread meanwhile.
  /// `makeHost` is called once the files are read and the sound output is open.
  static func execute(_ script: SyncScript, folder: URL, makeHost: () -> ScriptHost)
    throws(ScriptRun.LoadError) -> ScriptRun.Outcome
  {
    let clock = SystemClock(label: "lyricpip.script-clock")
    let playback = try RealScriptPlayback.make(
      script: script, folder: folder, clock: clock, makeHost: makeHost)
    let host = playback.host
    let run = RealScriptRun(script: script, host: host, playback: playback, clock: clock)
    host.post { run.start() }
    host.run()
    playback.shutdown()
    return run.outcome.withLock { $0 } ?? ScriptRun.Outcome(transcript: "", failures: [])
  }

  /// A step of the run as the clock fires it.
  private struct Firing {
    var atMs: Int
    var work: Work
    enum Work {
      case action(ScriptAction)
      case expect(ScriptExpectation, atMs: Int, line: Int)
      case end
    }
  }

  /// The steps in firing order: actions at their time, expectations at their time plus the
  /// tolerance, the end after both (and never before the last expectation's window closes).
  private var firings: [Firing] {
    let tolerance = script.toleranceMs
    var list: [Firing] = []
    var lastWindowEnd = 0
    for step in script.orderedSteps {
      switch step.kind {
      case .action(let action):
        list.append(Firing(atMs: step.timeMs, work: .action(action)))
      case .expect(let expectation):
        let at = step.timeMs + tolerance
        lastWindowEnd = max(lastWindowEnd, at)
        list.append(
          Firing(atMs: at, work: .expect(expectation, atMs: step.timeMs, line: step.line)))
      }
    }
    list.append(Firing(atMs: max(script.effectiveEndMs, lastWindowEnd), work: .end))
    // Stable: at one instant, in the order of `orderedSteps` (actions first), the end last.
    return list.enumerated().sorted { ($0.element.atMs, $0.offset) < ($1.element.atMs, $1.offset) }
      .map(\.element)
  }

  // MARK: - Host thread

  private func start() {
    let transcript = ScriptTranscript(now: { [clock, self] in
      Int((clock.nowNanos - startNanos) / 1_000_000)
    })
    host.showWindows()
    startNanos = clock.nowNanos
    self.transcript = transcript
    transcript.ready(
      track: script.audioPath, durationMs: playback.durationMs, lines: playback.lyrics.lines.count,
      output: playback.outputName)
    let host = host
    let session = ScriptSession(
      playback: playback, clock: clock, settings: script.pip, desktop: host.desktop,
      transcript: transcript, strip: host.strip, main: host.mainWindow,
      deliver: { work in host.post(work) })
    self.session = session
    session.onObservationChange = { [weak self] in self?.record() }
    record()
    schedule(firings, from: 0)
  }

  private func record() {
    guard let session else { return }
    history.record(session.observation, atNanos: clock.nowNanos)
  }

  /// Schedules `list[index]` on the clock; when it fires, it is posted to the host and the next
  /// one is scheduled, so firings at one instant reach the host in list order.
  private func schedule(_ list: [Firing], from index: Int) {
    guard index < list.count else { return }
    let firing = list[index]
    clock.schedule(at: startNanos + Int64(firing.atMs) * 1_000_000) { [self] in
      host.post { [self] in fire(firing) }
      schedule(list, from: index + 1)
    }
  }

  private func fire(_ firing: Firing) {
    guard let session else { return }
    switch firing.work {
    case .action(let action):
      session.perform(action)
    case .expect(let expectation, let atMs, let line):
      if let failure = history.judge(
        expectation, atMs: atMs, toleranceMs: script.toleranceMs, startNanos: startNanos,
        line: line)
      {
        failures.append(failure)
      }
    case .end:
      let result = ScriptRun.Outcome(transcript: transcript?.text ?? "", failures: failures)
      outcome.withLock { $0 = result }
      // The strip goes before the windows do; the transcript is already taken.
      session.controller.stop()
      host.stop()
    }
  }
}
