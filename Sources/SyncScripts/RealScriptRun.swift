import Dispatch
import FoundationEssentials
import Locking
import LyricsCore
import Session
import SessionWiring
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
// @unchecked: its `var`s are confined to the host's thread, which the compiler cannot see.
final class RealScriptRun: @unchecked Sendable {
  private let script: SyncScript
  private let host: ScriptHost
  private let session: LyricsSession
  private let transcript: ScriptTranscript
  private let clock: SystemClock
  // Confined to the host's thread once `execute` has posted the start.
  private var startNanos: Int64 = 0
  private var scripted: ScriptSession?
  private var history = ObservationHistory()
  private var failures: [ScriptRunner.Failure] = []
  // Handed from the host's thread to the caller's when the run ends.
  private let outcome = Mutex<ScriptRun.Outcome?>(nil)

  private init(
    script: SyncScript, host: ScriptHost, session: LyricsSession, transcript: ScriptTranscript,
    clock: SystemClock
  ) {
    self.script = script
    self.host = host
    self.session = session
    self.transcript = transcript
    self.clock = clock
  }

  /// Runs `script` to its end on `host`; blocks the calling (main) thread meanwhile.
  /// Reads the lyrics and checks the audio (exit 2), opens the sound output (exit 69: PulseAudio,
  /// else ALSA), then calls `makeHost` (so a missing sound server is reported first) and loads
  /// the track, before anything plays.
  static func execute(
    _ script: SyncScript, folder: URL, media: any MediaFactory,
    say: @escaping @Sendable (String) -> Void, makeHost: () -> ScriptHost
  ) throws(ScriptRun.LoadError) -> ScriptRun.Outcome {
    let clock = SystemClock(label: "lyricpip.script-clock")
    let track = try ScriptMedia.track(script: script, folder: folder, media: media)
    let player = try openPlayer(media, clock: clock)
    let host = makeHost()
    // Recording starts with the run: the output's warm-up is not part of it.
    let transcript = ScriptTranscript(clock: clock, recording: false)
    let session = LyricsSession(
      engine: player, queue: player.asQueue, volume: player, clock: clock, tracks: [track],
      presenter: HostPresenter(host: host),
      events: transcript, say: say)
    session.load()
    guard session.failedTracks == 0, player.currentTrack != nil else {
      player.shutdown()
      throw ScriptRun.LoadError(
        message: "cannot play \(script.audioPath ?? "the silent track")", status: .unreadableInput)
    }
    warmUp(player)
    let run = RealScriptRun(
      script: script, host: host, session: session, transcript: transcript, clock: clock)
    host.post { run.start() }
    host.run()
    // The host's thread has ended: the controller (and its hold on the windows) goes before
    // the host does.
    run.scripted = nil
    session.end()
    player.shutdown()
    return run.outcome.withLock { $0 } ?? ScriptRun.Outcome(transcript: "", failures: [])
  }

  /// The player on PulseAudio, else ALSA, else exit 69 naming what to start.
  private static func openPlayer(
    _ media: any MediaFactory, clock: SystemClock
  ) throws(ScriptRun.LoadError) -> any ClosablePlaybackEngine {
    if let player = media.realTimePlayer(clock: clock) { return player }
    throw ScriptRun.LoadError(
      message:
        "clock real needs a sound output: no PulseAudio server answers and no ALSA device "
        + "opens; start PulseAudio ('pulseaudio --start', package pulseaudio) or connect a "
        + "sound device, or use clock virtual",
      status: .serviceUnavailable)
  }

  /// Starts the sound output before script time 0, silently, and pauses it again: the first start
  /// of a stream takes the server a while (1.7-1.9 s on the tests' private null sink) before the
  /// heard position moves, while a resume after a pause is heard at once. Without this, every
  /// position in the run would lag the script by that start-up time. It pauses where the sound
  /// started (a few ms in) rather than seeking back to 0, which would cost a flush and a second
  /// wait for the new audio to be heard. Gives up after 5 s.
  private static func warmUp(_ player: any PlaybackEngine) {
    let started = DispatchSemaphore(value: 0)
    let once = Atomic(false)
    player.addObserver { event in
      if case .outputStarted = event,
        !once.exchange(true, ordering: .sequentiallyConsistent)
      {
        started.signal()
      }
    }
    player.setVolume(0)
    player.play()
    _ = started.wait(timeout: .now() + .seconds(5))
    player.pause()
    player.setVolume(1)
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
    host.showWindows()
    startNanos = clock.nowNanos
    transcript.startRecording()
    session.announceReady()
    let host = host
    scripted = ScriptSession(
      session: session, clock: clock, settings: script.pip, desktop: host.desktop,
      strip: host.strip, main: host.mainWindow, deliver: { work in host.post(work) })
    // Whatever an event tells may change what an expectation sees: record it, on this thread.
    transcript.onWrite { [weak self] in
      guard let self else { return }
      host.post { self.record() }
    }
    record()
    schedule(firings, from: 0, startNanos: startNanos)
  }

  private func record() {
    guard let scripted else { return }
    history.record(scripted.observation, atNanos: clock.nowNanos)
  }

  /// Schedules `list[index]` on the clock; when it fires, it is posted to the host and the next
  /// one is scheduled, so firings at one instant reach the host in list order.
  /// Runs on the host's thread first, then on the clock's: `startNanos` is passed along, not
  /// read from the host's state.
  private func schedule(_ list: [Firing], from index: Int, startNanos: Int64) {
    guard index < list.count else { return }
    let firing = list[index]
    clock.schedule(at: startNanos + Int64(firing.atMs) * 1_000_000) { [self] in
      host.post { [self] in fire(firing) }
      schedule(list, from: index + 1, startNanos: startNanos)
    }
  }

  private func fire(_ firing: Firing) {
    guard let scripted else { return }
    switch firing.work {
    case .action(let action):
      scripted.perform(action)
      record()
    case .expect(let expectation, let atMs, let line):
      if let failure = history.judge(
        expectation, atMs: atMs, toleranceMs: script.toleranceMs, startNanos: startNanos,
        line: line)
      {
        failures.append(failure)
      }
    case .end:
      let result = ScriptRun.Outcome(transcript: transcript.text, failures: failures)
      outcome.withLock { $0 = result }
      // The strip goes before the windows do; the transcript is already taken.
      scripted.controller.stop()
      host.stop()
    }
  }
}
