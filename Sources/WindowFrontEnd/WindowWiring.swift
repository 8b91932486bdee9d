import Desktop
import EventStream
import FoundationEssentials
import LayerShellStrip
import Locking
import LyricsCore
import Playback
import Session
import SessionWiring
import Settings
import Surface
import SystemSupport

/// The windowed player while it runs, on the main thread: the picture-in-picture controller
/// driven by the windows' `SurfaceEvent`s, the windows' `SurfaceIntent`s sent to the player, the
/// `pip` and `main` events written, and the state saved at exit.
///
/// Threads: everything here runs on the main thread (the window loop's, `WindowLoop`), except
/// the closures that the player and the clock call, which only post to the loop's mailbox or
/// change `feed`.
@WindowLoop final class WindowWiring {
  private let loop: SDLEventLoop
  private let strip: FloatingWindow
  /// nil in `follow`, which has the strip alone.
  private let main: MainWindow?
  private let feed: NowPlayingFeed
  private let stateKeeper: WindowStateKeeper
  private let session: LyricsSession
  private let options: WindowOptions
  /// The global key that locks and unlocks the strip (`lock-shortcut`).
  private let lockShortcut: GlobalShortcut?
  private let presenter: WindowPresenter
  private let controller: PiPController
  private let pip: SessionPiP
  private let notes = RunNotes()
  private let stripState: StripDesktopState
  /// `hide-when-paused`, `hide-when-fullscreen`, the monitors; the `strip` shown/hidden events.
  private let showRules: StripShowRules
  /// The main window's queue view.
  private let queueFeed: QueueViewFeed
  private var mainShown = false
  /// The picker and Save beside (nil without an online lookup).
  var choosing: LyricsChoosing?
  /// `follow-keep-while-paused`.
  private var keepWhilePaused: Bool
  /// The user put the followed player's strip away (double-click, Esc, close, `ctl hide`): it
  /// stays hidden until the next track.
  private var followHidden = false
  /// `--pip`, until the strip's first start: it waits for the first track to play.
  private var entersPipOncePlaying = false
  private let queueTracks: QueueTracksMaker
  /// The lock shortcut through the desktop's service, on a Wayland session.
  private var desktopShortcut: DesktopShortcutListener?

  init(
    loop: SDLEventLoop, strip: FloatingWindow, main: MainWindow?, feed: NowPlayingFeed,
    stateKeeper: WindowStateKeeper, session: LyricsSession, options: WindowOptions,
    config: AppConfig, presenter: WindowPresenter, stripState: StripDesktopState,
    queueTracks: @escaping QueueTracksMaker
  ) {
    self.queueTracks = queueTracks
    self.stripState = stripState
    self.loop = loop
    self.strip = strip
    self.main = main
    self.feed = feed
    self.stateKeeper = stateKeeper
    self.session = session
    self.options = options
    lockShortcut = config.lockShortcut
    keepWhilePaused = config.follow.keepWhilePaused
    self.presenter = presenter
    let mailbox = loop.mailbox
    queueFeed = QueueViewFeed(session: session, mailbox: mailbox)
    let deliver: PiPController.Deliver = { work in mailbox.post { _ in work() } }
    controller = PiPController(
      floating: strip, main: main ?? NoMainWindow(), clock: loop.clock,
      // The native strip is a layer surface the compositor keeps above others, with or
      // without an X server; the X11 strip needs one whose window manager keeps it on top.
      support: presenter.stripIsNative
        ? .supported : PiPSupport(facts: .from(environment: ProcessInfo.processInfo.environment)),
      settings: config.pip, deliver: deliver)
    let notes = notes
    let showRules = StripShowRules(
      strip: strip, session: session, rules: Self.showRules(config, options: options))
    self.showRules = showRules
    // The follower's strip comes and goes by the rules alone (picture-in-picture starts once):
    // the desktop's "shown" is what they say.
    let follows = options.followsPlayer
    if follows { showRules.onScreenChanged = { stripState.noteShown($0) } }
    pip = SessionPiP(session: session) { event in
      // Told on the loop thread, where the controller runs, right after the `pip` event.
      WindowLoop.assumeIsolated { showRules.pipChanged(event) }
      if event.transition == .failedToStart { notes.lastFailure = event.reason }
      if event.transition == .restore { notes.mainRestored = true }
      if !follows, event.transition == .didStart { stripState.noteShown(true) }
      if !follows, event.transition == .didStop { stripState.noteShown(false) }
    }
    pip.attach(to: controller, deliver: deliver)
  }

  /// Shows the first window, runs the loop until quit, then hides the strip and saves the state.
  func run() {
    wire()
    queueFeed.start()
    showRules.start(loop: loop, layerShell: presenter.layerShell)
    strip.setLocked(stripState.isLocked)
    main?.stripLocked = stripState.isLocked
    if options.followsPlayer {
      followPlayback()
    } else if let path = options.screenshotPath {
      let report: (Result<Void, any Error>) -> Void = { result in
        if case .failure(let error) = result {
          printError("cannot write the screenshot \(path): \(error)")
        }
      }
      // The window that shows the lyrics first: the strip with `--pip`, else the main window.
      if options.pip {
        strip.screenshotWhenLineIsUp(to: path, done: report)
      } else {
        main?.screenshotWhenLineIsUp(to: path, done: report)
      }
    }
    if options.followsPlayer {
      // The strip alone: it comes and goes with the followed player (`followPlayback`).
    } else if options.pip {
      // The strip shows the first track's lyrics, so it comes when that track plays: its file
      // may still be being read (seconds on a slow file system).
      entersPipOncePlaying = true
      if session.engine.state != .stopped { enterPipAtLaunch() }
    } else {
      showMain()
    }
    loop.run()
    desktopShortcut?.stop()
    controller.stop()
    showRules.stop()
    saveState()
  }

  private func wire() {
    let mailbox = loop.mailbox
    // Keys, the wheel, a click or MPRIS: the volume control shows the player's volume.
    let feed = feed
    feed.change { $0.volume = session.volume }
    session.engine.addObserver { event in
      if case .volumeChanged(let volume) = event { feed.change { $0.volume = volume } }
    }
    strip.onEvent = { [weak self] event in self?.stripEvent(event) }
    main?.onEvent = { [weak self] event in self?.mainEvent(event) }
    strip.onIntent = { [weak self] intent in self?.perform(intent) }
    main?.onIntent = { [weak self] intent in self?.perform(intent) }
    // Problems met while drawing (those met at start were printed with the windows made).
    strip.onWarning = { printError("warning: \($0)") }
    main?.onWarning = { printError("warning: \($0)") }
    loop.onQuit = { mailbox.stop() }
    if options.pip, !options.followsPlayer {
      session.addPlaybackListener { [weak self] event in
        guard case .stateChanged(let state, _) = event, state != .stopped else { return }
        mailbox.post { _ in self?.enterPipAtLaunch() }
      }
    }
    if options.followsPlayer {
      session.addPlaybackListener { [weak self] event in
        switch event {
        case .trackChanged:
          mailbox.post { _ in self?.followPlayback(newTrack: true) }
        case .stateChanged:
          mailbox.post { _ in self?.followPlayback() }
        default:
          break
        }
      }
    }
    // The native strip is on a Wayland desktop, where no key reaches us unfocused: the
    // desktop's shortcut service takes it where there is one (the GlobalShortcuts portal,
    // KDE's kglobalaccel), else the compositor binds it. An X grab, where XWayland has one of
    // our windows, works only while an X11 window has the focus: kept, quietly, until a
    // service took the key (with no SDL video there is none).
    if presenter.layerShell != nil, let lockShortcut {
      if loop.videoDriver == "x11" {
        try? loop.setGlobalShortcut(lockShortcut) { [weak self] in
          self?.perform(.toggleStripLock)
        }
      }
      startDesktopShortcut(lockShortcut, noteWhenNone: true)
      return
    }
    if let lockShortcut, loop.videoDriver != "x11" {
      // The shortcut is a key grab on the X root window; without X11 (SDL's Wayland driver) no
      // client may take a key from the others.
      printError(
        "warning: the lock shortcut \(lockShortcut) needs X11; bind it in the compositor"
          + " (sway: bindsym Ctrl+Alt+l exec lyricpip ctl toggle-lock)")
      return
    }
    do {
      try loop.setGlobalShortcut(lockShortcut) { [weak self] in
        self?.perform(.toggleStripLock)
      }
    } catch let error as SurfaceError {
      printError("warning: \(error.reason)")
    } catch {
      printError("warning: \(error)")
    }
    // The X11 strip on a Wayland session (GNOME, weston: XWayland): the X grab fires only
    // while an X11 window has the focus, so the desktop's service (GNOME 48's portal) is asked
    // too; where there is none the grab is all there is, and nothing is said.
    let environment = ProcessInfo.processInfo.environment
    if let lockShortcut, environment["WAYLAND_DISPLAY"].map({ !$0.isEmpty }) == true {
      startDesktopShortcut(lockShortcut, noteWhenNone: false)
    }
  }

  /// Asks the desktop's shortcut service for the lock shortcut, on the listener's thread. A
  /// press toggles the lock as `lyricpip ctl toggle-lock` does (the desktop's strip state).
  /// Once a service took the key the X grab goes, so that one press cannot toggle twice.
  /// `noteWhenNone`: with neither service, say once that the compositor binds the shortcut.
  private func startDesktopShortcut(_ lock: GlobalShortcut, noteWhenNone: Bool) {
    let mailbox = loop.mailbox
    let stripState = stripState
    let note = CompositorLockShortcut.note(for: lock)
    do {
      let listener = try DesktopShortcutListener()
      try listener.start(
        LockShortcutOnDesktop.shortcut(lock),
        onOutcome: { outcome in
          switch outcome {
          case .bound:
            mailbox.post { loop in try? loop.setGlobalShortcut(nil) {} }
          case .refused(let service, let reason):
            printError(
              "warning: \(service.rawValue) did not take the lock shortcut \(lock) (\(reason));"
                + " bind it in the desktop's settings to run \(CompositorLockShortcut.command)")
          case .noService:
            if noteWhenNone { printError(note) }
          }
        },
        onPress: { stripState.setLocked(!stripState.isLocked) })
      desktopShortcut = listener
    } catch {
      if noteWhenNone { printError(note) }
    }
  }

  /// `--pip`'s start, once the first track plays (or the queue ended: then the main window
  /// says why). Not when the main window came first (MPRIS Raise).
  private func enterPipAtLaunch() {
    guard entersPipOncePlaying else { return }
    entersPipOncePlaying = false
    guard !mainShown else { return }
    // The state now: the re-reads the playback changes posted may not have run yet.
    controller.invalidatePlaybackState()
    controller.start()
    if !controller.isActive {
      printError("cannot show the lyric strip (\(notes.lastFailure ?? "unknown reason"))")
      // Without a main window nothing would show what plays: the run ends.
      if main == nil { loop.mailbox.stop() }
      showMain()
    }
  }

  private func showMain() {
    guard let main else { return }
    do {
      try main.show()
      mainShown = true
    } catch {
      printError("cannot show the main window: \(error)")
      loop.mailbox.stop()
    }
  }

  /// The desktop asked for the main window (MPRIS Raise, or a second `lyricpip` that handed its
  /// files over): the strip goes if it is up, and the main window comes to the front at the
  /// current line. Written as `main raised`.
  func raiseMain() {
    session.emit(.main(.raised))
    if controller.isActive {
      controller.restoreUserInterface()
    } else if mainShown || notes.mainRestored {
      main?.restore(scrolledTo: session.currentLine)
    } else {
      showMain()
    }
  }

  /// The desktop's commands for the strip (the tray, `lyricpip ctl`). Hide keeps the strip
  /// hidden until it is shown again, whatever the main window does; show shows it now (it
  /// cannot without lyrics or a track: then a failed `pip` start says why). Lock is told to the
  /// strip and written as a `strip` event; it is saved at exit.
  func perform(_ command: StripCommand) {
    switch command {
    case .show where options.followsPlayer:
      followHidden = false
      followPlayback()
    case .hide where options.followsPlayer:
      followHidden = true
      followPlayback()
    case .show:
      controller.start()
    case .hide:
      controller.hideUntilShown()
    case .setLocked(let locked):
      strip.setLocked(locked)
      main?.stripLocked = locked
      stateKeeper.rememberLocked(locked)
      session.emit(.strip(locked ? .locked : .unlocked))
    }
  }

  /// Restore and close requests from the strip. Closing the strip when the main window was never
  /// on screen (`--pip`) shows the main window, so the player is never left playing unseen.
  private func stripEvent(_ event: SurfaceEvent) {
    if options.followsPlayer {
      // Nothing to go back to: the strip is put away until the next track.
      if event == .stripRestoreRequested || event == .stripCloseRequested {
        followHidden = true
        followPlayback()
      }
      return
    }
    guard main != nil else {
      // `play --pip` with no main window to go back to: the strip stays; its close control
      // ends the run, so that nothing plays unseen.
      if event == .stripCloseRequested { loop.mailbox.stop() }
      return
    }
    controller.handle(event)
    if event == .stripCloseRequested, !mainShown, !notes.mainRestored { showMain() }
  }

  /// Focus and minimise changes of the main window: written as `main` events (with the time, so
  /// the strip's entry can be measured from them), then handed to the session.
  private func mainEvent(_ event: SurfaceEvent) {
    let change: SessionEvent.MainWindowChange? =
      switch event {
      case .mainFocusLost: .focusLost
      case .mainFocusGained: .focusGained
      case .mainMinimized: .minimized
      case .mainRestored: .unminimized
      case .stripRestoreRequested, .stripCloseRequested: nil
      }
    if let change { session.emit(.main(change)) }
    controller.handle(event)
  }

  private func perform(_ intent: SurfaceIntent) {
    switch intent {
    case .togglePlayPause:
      session.togglePlayPause()
    case .seekBy(let ms):
      session.seek(byMs: ms)
    case .seekTo(let ms):
      session.seek(toMs: ms)
    case .adjustOffset(let ms):
      adjustOffset(by: ms)
    case .saveOffsetToLyricsFile:
      saveOffsetToLyricsFile()
    case .adjustVolume(let percent):
      let points = (session.volume * 100).rounded() + Double(percent)
      session.setVolume(points / 100)
    case .setVolume(let percent):
      session.setVolume(Double(percent) / 100)
    case .nextTrack:
      session.next()
    case .previousTrack:
      session.previous()
    case .playQueueItem(let index):
      session.play(at: index)
    case .addToQueue(let paths):
      addToQueue(paths)
    case .toggleShuffle:
      if let player = session.player { player.setShuffled(!player.isShuffled) }
    case .cycleRepeat:
      if let player = session.player { player.setRepeatMode(player.repeatMode.cycled) }
    case .showStrip:
      controller.start()
    case .toggleStripLock:
      setStripLocked(!stripState.isLocked)
    case .unlockStrip:
      setStripLocked(false)
    case .showCandidates:
      choosing?.showCandidates()
    case .chooseCandidate(let index):
      choosing?.choose(index)
    case .chooseNoLyrics:
      choosing?.chooseNoLyrics()
    case .saveLyricsBeside:
      choosing?.saveBeside()
    case .quit:
      loop.mailbox.stop()
    }
  }

  /// The lock button, L, the unlock handle and the global shortcut go the way the desktop's
  /// lock goes (the tray, `lyricpip ctl`): the shared state changes at once and comes back here
  /// as `.setLocked`, which tells both windows, remembers it and writes the `strip` event.
  private func setStripLocked(_ locked: Bool) {
    stripState.setLocked(locked)
  }

  /// `+`/`-`: the session moves the `line` events and the windows together; the change is
  /// remembered for the track in the saved state, never written into the lyrics file.
  private func adjustOffset(by ms: Int) {
    let offset = session.adjustOffset(byMs: ms)
    if let path = presenter.currentTrackPath {
      stateKeeper.rememberOffset(offset - options.offsetMs, forTrack: path)
    }
  }

  /// Ctrl+S: the live offset change goes into the lyrics file's `[offset:]` tag, the only write
  /// into a user's lyrics, and only on this request. The lyrics are read again from the file and
  /// the live change drops to zero at the same moment, so nothing on display moves; `--offset`
  /// stays this run's own and is not written.
  private func saveOffsetToLyricsFile() {
    guard let saved = session.saveOffsetIntoLyricsFile(keepingMs: options.offsetMs) else { return }
    loop.mailbox.setLyrics(saved.lyrics)
    if let path = presenter.currentTrackPath { stateKeeper.rememberOffset(0, forTrack: path) }
    if let file = session.currentLyricsFile {
      printError("saved the offset \(saved.fileOffsetMs) ms into \(file)")
    }
  }

  /// Dropped files and folders: checked and expanded off the window loop (a folder's tags are
  /// read), then added to the queue; one that cannot be played is said, and changes nothing.
  private func addToQueue(_ paths: [String]) {
    let session = session
    let queueFeed = queueFeed
    let queueTracks = queueTracks
    _ = DetachedThread.start(name: "lyricpip.drop") {
      let warn: (String) -> Void = { session.reportError("warning: \($0)") }
      switch queueTracks(paths, warn) {
      case .success(let tracks):
        session.emit(.queued(tracks: tracks.count))
        session.append(tracks)
        queueFeed.queueChanged()
      case .failure(let failure):
        session.reportError(failure.message)
      }
    }
  }

  /// `follow`: the strip is on screen while the followed player plays with lyrics known (or
  /// while paused, with `follow-keep-while-paused`), and held back, through the show rules, when
  /// it pauses, stops, goes away or the user puts the strip away (each a `strip` event with its
  /// reason). Picture-in-picture starts once, the first time there is something to show, and
  /// stays on. Called on every playback change and when lyrics arrive; `newTrack` ends a
  /// put-away.
  func followPlayback(newTrack: Bool = false) {
    guard options.followsPlayer else { return }
    if newTrack { followHidden = false }
    // Lyrics that arrived after the track are not a playback change: the controller re-reads.
    controller.invalidatePlaybackState()
    let state = session.engine.state
    let hasSomething = session.hasLyrics && (state == .playing || state == .paused)
    showRules.followedChanged(idle: !hasSomething, putAway: followHidden)
    if !controller.isActive, hasSomething, !followHidden,
      state == .playing || keepWhilePaused
    {
      controller.start()
    }
  }

  /// The settings read again (SIGHUP), with the flags already over them: the strip's looks,
  /// its fade on hover and its show rules change now; `follow-keep-while-paused` decides from
  /// the next pause on (and at once, for a strip a pause holds back).
  func applyLive(_ config: AppConfig) {
    strip.applyLive(config.strip)
    strip.fadesOnHover = config.fadeOnHover
    keepWhilePaused = config.follow.keepWhilePaused
    showRules.rulesChanged(Self.showRules(config, options: options))
    followPlayback()
  }

  /// `hide-when-paused` and `hide-when-fullscreen`; for the follower's strip,
  /// `follow-keep-while-paused` decides about pauses instead.
  private static func showRules(_ config: AppConfig, options: WindowOptions) -> StripVisibility {
    var rules = config.stripRules
    if options.followsPlayer { rules.hideWhenPaused = !config.follow.keepWhilePaused }
    return rules
  }

  private func saveState() {
    let mainShown = mainShown || notes.mainRestored
    stateKeeper.save(
      playbackOf: session, followsPlayer: options.followsPlayer, strip: strip.frame,
      stripMonitor: strip.monitor, main: mainShown ? main?.frame : nil)
  }
}

/// What the pip events told, written on the clock's or the loop's thread, read on the loop's.
private final class RunNotes: Sendable {
  private struct Notes {
    var failure: String?
    var restored = false
  }
  private let notes = Mutex(Notes())

  /// The reason of the last failed start.
  var lastFailure: String? {
    get { notes.withLock { $0.failure } }
    set { notes.withLock { $0.failure = newValue } }
  }

  /// Whether the main window was brought back (so it has a place worth saving).
  var mainRestored: Bool {
    get { notes.withLock { $0.restored } }
    set { notes.withLock { $0.restored = newValue } }
  }
}

/// `follow`'s stand-in for the main window it does not have: the picture-in-picture controller
/// asks for one, and a restore there has nothing to bring forward.
private final class NoMainWindow: MainSurface {
  func restore(scrolledTo line: Int) {}
}
