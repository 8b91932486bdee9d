import CommandLineOptions
import Desktop
import DesktopControl
import EventStream
import FoundationEssentials
import LyricsCore
import LyricsFiles
import LyricsProviders
import PlaySetup
import Playback
import PlayerContract
import RunOptions
import Session
import SessionWiring
import Settings
import SystemSupport
import TerminalFrontEnd
import WindowFrontEnd

/// `lyricpip play [FILE...] [options]`: the flags, the wiring and the exit status. The work is in
/// `LyricsSession` (the one session wiring), `Player` and `SyncScheduler`.
enum PlayCommand {
  static func run(_ arguments: [String]) -> ExitStatus {
    ParsedOptions { () throws(PlayOptions.UsageError) in try PlayOptions.parse(arguments) }
      .run(usage: LyricpipMain.playUsage, start)
  }

  /// The run, once the flags are known.
  private static func start(_ parsed: PlayOptions) -> ExitStatus {
    var options = parsed
    // A file manager or the desktop entry (`Exec=lyricpip %U`) may pass file: URIs.
    options.files = options.files.map { FileURI.path(fromURI: $0) ?? $0 }
    // The windowed player quits cleanly on SIGINT/SIGTERM from here on, so before any thread
    // starts (see `ProcessSignals`); without windows they keep their default action. SIGHUP
    // reloads the settings in both.
    let signals = ProcessSignals.install(quitting: !options.noWindow)
    let desktop: MPRISService?
    switch DesktopLink.join(options) {
    case .handedOff(let count):
      printError(
        count == 0
          ? "already running; brought its window forward"
          : "already running; handed it \(count) file\(count == 1 ? "" : "s")")
      return .success
    case .failed(let failure):
      printError(failure.message)
      return failure.status
    case .alone(let service):
      desktop = service
    }
    StartupTrace.mark("bus joined")
    switch prepare(options) {
    case .failure(let failure):
      printError(failure.message)
      return failure.status
    case .success(let prepared):
      if let windows = prepared.frontEnd.windows { signals.onQuit { windows.quit() } }
      return play(prepared, options: options, desktop: desktop, signals: signals)
    }
  }

  struct Failure: Error {
    var status: ExitStatus
    var message: String
  }

  struct Prepared {
    var tracks: [SessionTrack]
    var frontEnd: FrontEnd
    var output: AudioOutput
    var events: EventWriter?
    /// Where the queue starts, shuffle and repeat.
    var order: QueueResume.Start
    /// The flags and the settings file, resolved once.
    var configuration: RunConfiguration
    /// The check of the first files when it took longer than `FirstTracksCheck.patienceSeconds`:
    /// `tracks` are not checked yet, and the queue starts when it is done. Nil: done in time.
    var lateCheck: FirstTracksCheck?
  }

  /// Checks every input before a sound is made: files (2), lyrics (2), front end and output (69).
  /// A file that takes longer to check than `FirstTracksCheck.patienceSeconds` (a slow file
  /// system) is checked while the windows and the bus come up; when it fails then, `play` says
  /// so and ends with the same status.
  static func prepare(_ options: PlayOptions) -> Result<Prepared, Failure> {
    var files = options.files
    var lyricsPath = options.lyricsPath
    if files.isEmpty, !options.noWindow, let queue = QueueResume.savedQueue() {
      return finishPreparing(options, plan: QueueTracks.plan(resuming: queue), resuming: queue)
    }
    if files.isEmpty {
      guard let demo = DemoFiles.locate() else {
        return .failure(
          Failure(
            status: .unreadableInput,
            message: "no FILE given and the demo (Assets/demo.ogg) is not installed"))
      }
      files = [demo.audio]
      lyricsPath = lyricsPath ?? demo.lyrics
    }
    switch QueueTracks.plan(
      for: files, lyricsPath: lyricsPath, startsPlaying: true,
      warn: { printError("warning: \($0)") })
    {
    case .success(let plan): return finishPreparing(options, plan: plan, resuming: nil)
    case .failure(let failure): return .failure(Failure(failure))
    }
  }

  /// The check of `plan`'s files (waited for a short while; the output opens meanwhile), the
  /// front end and the events; `resuming` is the saved queue they came from, if they did.
  private static func finishPreparing(
    _ options: PlayOptions, plan: QueueTracks.Plan, resuming: SavedQueue?
  ) -> Result<Prepared, Failure> {
    let check = FirstTracksCheck { plan.check() }
    // The sound server is connected to and the stream made while the check's thread reads the
    // files (a few ms of round trips that used to come after it, and after the windows); a
    // failure, and what it says, still come in their old order below. The stream stays corked:
    // nothing is heard before the check is through.
    var outputNotices: [String] = []
    let opening = Result { () throws -> AudioOutput in
      try OutputChooser.open(
        options.audio, format: AudioFormat.standard, say: { outputNotices.append($0) })
    }
    StartupTrace.mark("output open")
    var tracks = plan.unchecked
    var lateCheck: FirstTracksCheck? = check
    switch check.wait(seconds: FirstTracksCheck.patienceSeconds) {
    case .failure(let failure)?:
      closeIfOpened(opening)
      return .failure(Failure(failure))
    case .success(let checked)?:
      tracks = checked
      lateCheck = nil
    case nil: break
    }
    StartupTrace.mark("tracks checked")
    // The settings file, read in every mode, so that `online = off` and `replaygain` hold with
    // `--no-window` too. Its warnings come where they always did: before the windows are made,
    // else once the output and the events are open.
    let configuration = RunConfiguration(
      play: options, settingsFile: RunConfiguration.readSettingsFile())
    let frontEnd: FrontEnd
    if options.noWindow {
      // With events on stdout, the lines go to stderr so the JSON stays clean.
      frontEnd = .terminal(
        TerminalPresenter(handle: options.eventsPath == "-" ? .standardError : .standardOutput))
    } else {
      printWarnings(of: configuration.settingsFile)
      do {
        // The loop only (SDL video: no display fails here, before any sound) and the saved
        // state; the windows are made once the sound is on its way (`play`).
        frontEnd = .windows(
          try WindowSetup.makePresenter(configuration: configuration, windowsLater: true))
      } catch {
        closeIfOpened(opening)
        return .failure(Failure(status: .serviceUnavailable, message: error.description))
      }
    }
    StartupTrace.mark("front end made")
    let output: AudioOutput
    do {
      output = try opening.get()
    } catch {
      return .failure(Failure(status: .serviceUnavailable, message: "\(error)"))
    }
    for notice in outputNotices { printError(notice) }
    var events: EventWriter?
    if let eventsPath = options.eventsPath {
      do {
        events = try EventWriter.open(path: eventsPath, timestamp: EventWriter.mono)
      } catch {
        output.close()
        return .failure(
          Failure(status: .unreadableInput, message: "cannot write events to \(eventsPath)"))
      }
    }
    if options.noWindow { printWarnings(of: configuration.settingsFile) }
    let order = QueueResume.order(options, resuming: resuming, count: tracks.count)
    return .success(
      Prepared(
        tracks: closingAllBut(order.index, of: tracks), frontEnd: frontEnd, output: output,
        events: events, order: order, configuration: configuration, lateCheck: lateCheck))
  }

  /// The output opened beside a check or a front end that then failed: its stream goes.
  private static func closeIfOpened(_ opening: Result<AudioOutput, any Error>) {
    if case .success(let output) = opening { output.close() }
  }

  /// Only the track that plays first keeps its probe's decoder (a shuffled start may be another
  /// one); the others' files are closed now, not held open until they play.
  private static func closingAllBut(_ first: Int, of tracks: [SessionTrack]) -> [SessionTrack] {
    for (index, track) in tracks.enumerated() where index != first { track.item.releaseOpened() }
    return tracks
  }

  /// The settings file's warnings, one line each.
  static func printWarnings(of settings: AppConfig) {
    for warning in settings.warnings { printError("warning: \(warning)") }
  }

  static func play(
    _ prepared: Prepared, options: PlayOptions, desktop: MPRISService?, signals: ProcessSignals
  )
    -> ExitStatus
  {
    let clock = SystemClock()
    let player = Player(output: prepared.output, clock: clock)
    // The pages the loader mapped go once the first sound is heard: let go at start, they
    // held it back by 3 to 5 ms (the sound's own code and tables mapped again, page by page,
    // while it was on its way).
    player.addObserver { event in
      if event == .outputStarted { LoaderPages.releaseInBackground() }
    }
    let configuration = prepared.configuration
    player.replayGain = configuration.replayGain
    let windows = prepared.frontEnd.windows
    // The saved state: the windows' own, or read here without windows, where the volume and the
    // lyrics chosen in the windows hold too.
    let saved = windows?.stateKeeper ?? WindowStateKeeper(queueToSave: QueueResume.queueToSave)
    if let volume = saved.volume { player.setVolume(volume) }
    let onlineSettings = configuration.settings.online
    let online = OnlineSetup.lookup(onlineSettings, offline: configuration.offline)
    let provider = OnlineLyricsProvider(
      lookup: online.lookup,
      serverURL: onlineSettings.serverURL(environment: ProcessInfo.processInfo.environment),
      say: printError)
    // The window, the bus and the signals give commands; none of them waits for a file.
    let engine = QueuedCommandsEngine(player)
    let session = LyricsSession(
      engine: engine, queue: engine, volume: engine, clock: clock, tracks: prepared.tracks,
      presenter: prepared.frontEnd.presenter,
      events: prepared.events, offsetMs: configuration.offsetMs,
      lyricsProvider: LocalThenOnlineLyrics(online: provider),
      trackOffsetMs: { windows?.savedOffsetMs(forTrack: $0.path) ?? 0 },
      video: windows?.videoDriver, strip: windows?.stripBackendName, reloadsEditedLyrics: true,
      say: printError)
    provider.reportFailures { [weak session] in session?.reportError($0) }
    signals.onReload(settingsReload(prepared, options: options, player: player, session: session))
    if let windows {
      windows.useLookup(provider)
    } else {
      provider.readChoices { saved.lyricsChoice(forTrack: $0) }
    }
    let covers = CoverArtFeed.following(player, say: printError)
    windows?.showCovers(from: covers)
    if let desktop { DesktopWiring.observe(player, session: session, covers: covers, for: desktop) }
    QueueResume.apply(prepared.order, to: player)
    // The first track is loaded on the commands' thread like any other: the windows and the
    // bus come up while its file is read (seconds on a slow file system).
    engine.queueCommands()
    StartupTrace.mark("session starting")
    start(session, prepared, at: startNanos(prepared, options: options))
    var lateOutcome: FirstTracksCheck.Outcome?
    let shutDown = RunThenShutDown.play(
      // A late check that failed ended the run: its status (not one that fails after a quit).
      cancelLateCheck: { lateOutcome = prepared.lateCheck?.cancel() },
      stopDesktop: { desktop?.stop() }, shutDownPlayer: { player.shutdown() },
      // The last events out; a reader that stopped reading delays the exit by 2 s at most.
      finishEvents: { _ = prepared.events?.finish() })
    if let windows {
      // The sound is on its way (the commands' thread opens the track and plays it): the
      // windows are made meanwhile, here, on the thread that runs their loop. The session's
      // changes so far wait in the loop's mailbox and feed, so the strip's first frame shows
      // the line heard then. Should they fail now (rare: SDL video already runs), the run
      // ends as it did when they were made first, with the same message and status.
      do {
        try WindowSetup.makeWindows(of: windows)
      } catch {
        session.reportError(error.description)
        shutDown.run {}
        return .serviceUnavailable
      }
      DisplayLossQuit.install(
        windows: windows, session: session, events: prepared.events,
        exitStatus: ExitStatus.serviceUnavailable.rawValue)
    }
    if let desktop {
      DesktopLink.start(
        desktop, player: player, session: session, covers: covers, frontEnd: prepared.frontEnd)
    }
    shutDown.run { prepared.frontEnd.run(session, quitsAtEnd: configuration.quitsAtEnd) }
    if case .failure(let failure)? = lateOutcome { return Failure(failure).status }
    return session.failedTracks == prepared.tracks.count ? .failure : .success
  }

  /// Starts the queue at `startNanos` of its first track: now, or, when the first files are
  /// still being checked, once they are. A late check that fails ends the run (its message, and
  /// its status from `play`) with no queue saved.
  private static func start(_ session: LyricsSession, _ prepared: Prepared, at startNanos: Int64) {
    let index = prepared.order.index
    guard let check = prepared.lateCheck else {
      session.start(atNanos: startNanos, startIndex: index)
      return
    }
    session.willStart(atNanos: startNanos, startIndex: index)
    let frontEnd = prepared.frontEnd
    // Until the track comes, the windows say it is on its way rather than "no lyrics found".
    prepared.frontEnd.presenter.lyricsStatusChanged(LyricsStatus(.opening))
    check.whenDone { [weak session] outcome in
      guard let session else { return }
      switch outcome {
      case .success(let tracks):
        session.start(
          checked: closingAllBut(index, of: tracks), atNanos: startNanos, startIndex: index)
      case .failure(let failure):
        printError(failure.message)
        session.abandonStart()
        frontEnd.quit(session)
      }
    }
  }

  /// `--start`, else, with the windows, where the first track was left at the last exit (the
  /// saved state), else 0.
  static func startNanos(_ prepared: Prepared, options: PlayOptions) -> Int64 {
    let first = prepared.order.index
    if !options.startGiven, let windows = prepared.frontEnd.windows,
      prepared.tracks.indices.contains(first), case let path = prepared.tracks[first].item.path,
      let resume = windows.resumePositionMs(forTrack: AbsolutePath.of(path))
    {
      printError("resuming \(path) at \(TerminalPresenter.clock(Int64(resume) * 1_000_000))")
      return Int64(resume) * 1_000_000
    }
    return Int64(options.startSeconds * 1e9)
  }

  /// What SIGHUP does in `play`: `replaygain` changes at once (unless `--replaygain` was given),
  /// and so do the strip's looks and show rules (unless a flag set them); the rest of what this
  /// mode reads needs a restart.
  static func settingsReload(
    _ prepared: Prepared, options: PlayOptions, player: Player, session: LyricsSession
  ) -> @Sendable () -> Void {
    let configuration = prepared.configuration
    let followsTheFile = configuration.replayGainFlag == nil
    let windows = prepared.frontEnd.windows
    let readers: Set<SettingReader> = windows != nil ? [.play, .playWindows] : [.play]
    let reload = SettingsReload(
      path: AppConfig.defaultPath(environment: ProcessInfo.processInfo.environment),
      started: configuration.settingsFile, readers: readers,
      overridden: SettingsChange.keysGivenAsFlags(options),
      apply: { [weak player] config in
        if followsTheFile { player?.replayGain = config.replayGain }
        windows?.applySettings(configuration.settings(over: config))
      },
      report: { [weak session] in session?.emit(SessionEvent($0)) }, say: printError)
    return { reload.reload() }
  }
}
