import Clocks
import FoundationEssentials
import LyricsCore

/// One run of a sync script under the virtual clock: builds the pieces, runs the steps, and
/// hands back the transcript and the expectations that failed.
struct ScriptRun {
  /// A file the script names could not be used; `status` is 2 (unreadable) or 1 (bad content).
  struct LoadError: Error, Equatable {
    var message: String
    var status: ExitStatus
  }

  struct Outcome {
    var transcript: String
    var failures: [ScriptRunner.Failure]
  }

  /// Makes the player for a script: its lyrics and audio resolved against `folder`, on `clock`.
  typealias PlaybackFactory =
    (_ script: SyncScript, _ folder: URL, _ clock: ManualClock) throws(LoadError) -> ScriptPlayback

  static func execute(
    _ script: SyncScript, folder: URL, makePlayback: PlaybackFactory
  ) throws(LoadError) -> Outcome {
    let clock = ManualClock()
    let runner = ScriptRunner(script: script, clock: clock)
    let transcript = ScriptTranscript(now: { runner.nowMs })
    let playback = try makePlayback(script, folder, clock)
    transcript.ready(
      track: script.audioPath, durationMs: playback.durationMs, lines: playback.lyrics.lines.count,
      output: "virtual")
    let session = ScriptSession(
      playback: playback, clock: clock, settings: script.pip, desktop: script.desktop,
      transcript: transcript)
    let failures = runner.run(perform: session.perform, observe: { session.observation })
    return Outcome(transcript: transcript.text, failures: failures)
  }
}
