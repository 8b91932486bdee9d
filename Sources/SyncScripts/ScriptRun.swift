import Clocks
import FoundationEssentials
import LyricsCore
import SessionWiring

/// One run of a sync script under the virtual clock: the session wiring of `play` on a
/// `ManualClock`, no front end, the transcript as its event sink; then the steps, and the
/// transcript and the expectations that failed.
public struct ScriptRun {
  /// A file the script names could not be used, or the sound output could not be opened.
  public struct LoadError: Error, Equatable {
    public enum Status: Equatable, Sendable {
      /// Exit 2: a file is missing, unreadable or not what it should be.
      case unreadableInput
      /// Exit 69: no sound output for `clock real`.
      case serviceUnavailable
    }

    public var message: String
    public var status: Status
  }

  public struct Outcome: Sendable {
    /// The events, one JSON line each.
    public var transcript: String
    public var failures: [ScriptRunner.Failure]
  }

  /// Makes what a script plays: its lyrics and audio resolved against `folder`, on `clock`.
  typealias MakeMedia =
    (_ script: SyncScript, _ folder: URL, _ clock: ManualClock) throws(LoadError) -> ScriptMedia

  /// Runs `script` on `media`'s player in virtual time.
  static func execute(
    _ script: SyncScript, folder: URL, media: any MediaFactory,
    say: @escaping @Sendable (String) -> Void = { _ in }
  ) throws(LoadError) -> Outcome {
    try execute(
      script, folder: folder,
      makeMedia: { script, folder, clock throws(LoadError) in
        try ScriptMedia.virtual(script: script, folder: folder, clock: clock, media: media)
      }, say: say)
  }

  /// Runs `script` on what `makeMedia` makes (a stand-in player in the runner's own tests).
  static func execute(
    _ script: SyncScript, folder: URL, makeMedia: MakeMedia,
    say: @escaping @Sendable (String) -> Void = { _ in }
  ) throws(LoadError) -> Outcome {
    let clock = ManualClock()
    let runner = ScriptRunner(script: script, clock: clock)
    let media = try makeMedia(script, folder, clock)
    let transcript = ScriptTranscript(clock: clock)
    let session = LyricsSession(
      engine: media.engine, queue: media.engine.asQueue, volume: media.engine, clock: clock,
      tracks: [media.track], presenter: NoPresenter(),
      events: transcript, say: say)
    session.load()
    guard session.failedTracks == 0, media.engine.currentTrack != nil else {
      throw LoadError(
        message: "cannot play \(script.audioPath ?? "the silent track")",
        status: .unreadableInput)
    }
    let scripted = ScriptSession(
      session: session, clock: clock, settings: script.pip, desktop: script.desktop,
      deliver: { $0() })
    let failures = runner.run(perform: scripted.perform, observe: { scripted.observation })
    session.end()
    return Outcome(transcript: transcript.text, failures: failures)
  }
}
