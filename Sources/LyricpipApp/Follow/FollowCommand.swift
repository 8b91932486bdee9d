import CommandLineOptions
import Desktop
import DesktopControl
import EventStream
import FollowSetup
import Following
import FoundationEssentials
import LyricsProviders
import RunOptions
import SessionWiring
import Settings
import SystemSupport
import TerminalFrontEnd
import WindowFrontEnd

/// `lyricpip follow`: the lyrics of what another MPRIS player plays, through the one session
/// wiring with a `FollowedPlayerEngine` as its position source. Runs until SIGINT or SIGTERM.
/// Exit 0 at the end, 64 for bad usage, 69 without a session bus, 1 when another follower runs
/// in this session. It serves its tray icon and `lyricpip ctl`/`status` as `org.lyricpip.Follow`.
enum FollowCommand {
  /// The name one follower per session holds.
  static let busName = "org.lyricpip.Follow"

  static func run(_ arguments: [String]) -> ExitStatus {
    ParsedOptions { () throws(PlayOptions.UsageError) in try FollowOptions.parse(arguments) }
      .run(usage: FollowOptions.usage, follow)
  }

  /// `--enable-autostart` / `--disable-autostart`: the setting written, an older user entry
  /// mended; exit 0, or 1 when a file cannot be written.
  private static func setAutostart(_ enabled: Bool, environment: [String: String]) -> ExitStatus {
    do {
      let (path, entry) = try FollowAutostart.set(enabled: enabled, environment: environment)
      let key = FollowAutostart.settingKey
      print(
        enabled
          ? "lyricpip follow now starts with the desktop (\(key) = yes in \(path))"
          : "lyricpip follow no longer starts with the desktop (\(key) = no in \(path))")
      if let entry {
        print("\(entry) now runs lyricpip follow \(Flag.autostart) (the setting decides)")
      }
      return .success
    } catch {
      printError("cannot \(enabled ? "enable" : "disable") the autostart: \(error)")
      return .failure
    }
  }

  /// The run, once the flags are known.
  private static func follow(_ options: FollowOptions) -> ExitStatus {
    let environment = ProcessInfo.processInfo.environment
    if let enabled = options.setAutostart {
      return setAutostart(enabled, environment: environment)
    }
    let configuration = RunConfiguration(
      follow: options, settingsFile: RunConfiguration.readSettingsFile(environment: environment))
    let config = configuration.settings
    // The desktop's autostart entry runs every session; the setting decides, quietly.
    if options.autostart, !config.follow.autostart { return .success }
    let signals = ProcessSignals.install()
    // Nothing waits on the start here as a first sound does: the pages go at once.
    LoaderPages.releaseInBackground()
    // Until the session runs, nothing is written that a quit would lose: SIGINT or SIGTERM end
    // the process at once (exit 0), also while a bus or a display that does not answer holds
    // up the start (each bus wait of the start is bounded to 2 s, then follow says there is no
    // bus, exit 69). The session's quit replaces this.
    signals.onQuit { SystemProcess.exitNow(ExitStatus.success.rawValue) }
    let desktop: MPRISService
    let client: MPRISClient
    do {
      // The follower's own name (one per session), its tray icon and the `ctl`/`status`
      // interfaces, on a connection of their own beside the one that watches the players.
      desktop = try MPRISService()
      guard try desktop.claim(busName) else {
        printError("lyricpip follow already runs in this session")
        return .failure
      }
      client = try MPRISClient()
    } catch {
      printError("no session bus to find players on (\(error))")
      return .serviceUnavailable
    }
    // With windows, the front end reads the same file and prints them.
    if options.noWindow { PlayCommand.printWarnings(of: configuration.settingsFile) }
    let offsetsPath = FollowOffsets.path(environment: environment)
    if let offset = options.offsetMs, let player = options.player, let offsetsPath {
      do {
        try FollowOffsets.save(offset, for: player, path: offsetsPath)
      } catch {
        printError("warning: the offset for \(player) was not saved: \(error)")
      }
    }
    let savedOffsets = offsetsPath.map(FollowOffsets.load) ?? FollowOffsets()

    let frontEnd: FrontEnd
    switch makeFrontEnd(configuration) {
    case .success(let made): frontEnd = made
    case .failure(let failure):
      printError(failure.message)
      return failure.status
    }
    var events: EventWriter?
    if let eventsPath = options.eventsPath {
      do {
        events = try EventWriter.open(path: eventsPath, timestamp: EventWriter.mono)
      } catch {
        printError("cannot write events to \(eventsPath)")
        return .unreadableInput
      }
    }
    let clock = SystemClock()
    let engine = FollowedPlayerEngine(
      bus: client, clock: clock,
      chooser: PlayerChooser(pinned: options.player, ignored: config.follow.ignored))
    let online = OnlineSetup.lookup(config.online, offline: configuration.offline)
    let onlineProvider = OnlineLyricsProvider(
      lookup: online.lookup, serverURL: config.online.serverURL(environment: environment),
      say: printError)
    let session = LyricsSession(
      engine: engine, queue: nil, volume: nil, clock: clock, tracks: [],
      presenter: frontEnd.presenter, events: events,
      lyricsProvider: FollowLyricsProvider(online: onlineProvider, say: printError),
      trackOffsetMs: { [weak engine] _ in
        // `--offset` for this run, else the followed player's saved one.
        options.offsetMs
          ?? engine?.followedPlayer.flatMap { savedOffsets.offsetMs(forBusName: $0.busName) } ?? 0
      }, video: frontEnd.windows?.videoDriver, strip: frontEnd.windows?.stripBackendName,
      reloadsEditedLyrics: true, say: printError)
    onlineProvider.reportFailures { [weak session] in session?.reportError($0) }
    engine.addFollowListener { [weak session] player in
      session?.emit(FollowEvents.player(player))
      if let player {
        printError("following \(player.identity ?? player.busName) (\(player.busName))")
      } else {
        printError("no player to follow; waiting for one to play")
      }
    }
    if environment["LYRICPIP_FOLLOW_TRACE"] != nil {
      engine.addAnchorListener { [weak session] anchor in session?.emit(FollowEvents.anchor(anchor))
      }
    }
    let windows = frontEnd.windows
    signals.onReload(
      settingsReload(
        started: configuration.settingsFile, environment: environment, session: session,
        engine: engine,
        windows: windows))
    signals.onQuit { [weak session] in frontEnd.quit(session) }
    DesktopWiring.observe(engine, session: session, covers: nil, for: desktop)
    DesktopWiring.start(
      desktop,
      control: FollowDesktopControl(
        engine: engine, session: session,
        quit: { [weak session] in frontEnd.quit(session) }),
      windows: windows)
    session.begin()
    engine.start()
    do {
      try client.start { [weak session] event in
        engine.handle(event)
        // The session bus went away (the desktop session ended): nothing more can be followed.
        if case .lost(let message) = event {
          printError("the session bus went away (\(message)); stopping")
          frontEnd.quit(session)
        }
      }
    } catch {
      printError("cannot watch the players: \(error)")
      return .serviceUnavailable
    }
    RunThenShutDown.follow(
      stopDesktop: { desktop.stop() }, stopWatch: { client.stop() },
      shutDownEngine: { engine.shutdown() }, endSession: { session.end() },
      finishFrontEnd: { frontEnd.presenter.finish() }, finishEvents: { _ = events?.finish() }
    ).run { frontEnd.run(session, quitsAtEnd: false) }
    return .success
  }

  /// The terminal line (`--no-window`; with events on stdout, the lines go to stderr), else the
  /// strip alone, which needs a display (69).
  static func makeFrontEnd(_ configuration: RunConfiguration) -> Result<
    FrontEnd, PlayCommand.Failure
  > {
    if configuration.noWindow {
      return .success(
        .terminal(
          TerminalPresenter(
            handle: configuration.eventsPath == "-" ? .standardError : .standardOutput)))
    }
    // The windows' warnings of the settings file, as `play` prints them.
    PlayCommand.printWarnings(of: configuration.settingsFile)
    do {
      return .success(.windows(try WindowSetup.makePresenter(configuration: configuration)))
    } catch {
      return .failure(
        PlayCommand.Failure(status: .serviceUnavailable, message: error.description))
    }
  }

  /// What SIGHUP does in `follow`: the players to ignore change at once (the choice is made
  /// again), and so do the strip's looks and `follow-keep-while-paused`; the lookup and what
  /// fixes the window (the font family, the background, the scale) need a restart.
  /// `hide-when-paused` is not mentioned: the follower's strip pauses by
  /// `follow-keep-while-paused`.
  static func settingsReload(
    started: AppConfig, environment: [String: String], session: LyricsSession,
    engine: FollowedPlayerEngine, windows: WindowPresenter?
  ) -> @Sendable () -> Void {
    let readers: Set<SettingReader> = windows != nil ? [.follow, .followStrip] : [.follow]
    let reload = SettingsReload(
      path: AppConfig.defaultPath(environment: environment), started: started, readers: readers,
      apply: { [weak engine] config in
        engine?.ignore(config.follow.ignored)
        windows?.applySettings(config)
      },
      report: { [weak session] in session?.emit(SessionEvent($0)) }, say: printError)
    return { reload.reload() }
  }
}
