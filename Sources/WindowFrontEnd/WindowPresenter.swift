import FoundationEssentials
import LayerShellStrip
import Locking
import LyricsCore
import Playback
import PlayerContract
import Session
import SessionWiring
import Settings
import Surface
import SystemSupport
import WaylandStrip

/// The SDL windows as the front end of `play`: the main window, or the floating strip with
/// `--pip`, and the picture-in-picture session between them (`WindowWiring`).
///
/// Threads: created on the main thread, where SDL starts, and `runMainLoop` runs the window loop
/// there; the windows and the wiring are `@WindowLoop`, touched only on that thread. The
/// `LyricsPresenter` methods are called from the player's and the clock's threads: they only
/// change `feed` and post to the loop.
public final class WindowPresenter: LyricsPresenter, Sendable {
  private let loop: SDLEventLoop
  /// Optional so that `deinit` lets the windows go before the loop: they close their fonts,
  /// which must happen while SDL_ttf is still up (the loop's deinit shuts it down).
  /// `follow` has the strip alone: no main window is made.
  @WindowLoop private var windows: (strip: FloatingWindow, main: MainWindow?)?
  /// The native strip's connection and the loop's watch on it; nil with the X11 strip.
  @WindowLoop private(set) var layerShell: LayerShellStrip?
  /// The strip's window as the `ready` event names it: `layer-shell` or `x11`.
  public let stripBackendName: String
  /// The strip's backend, chosen before the loop started (`makeWindows` makes it there).
  private let choice: StripBackendChoice
  /// Whether the strip is the native layer surface (the compositor keeps it above others).
  var stripIsNative: Bool { stripBackendName == StripBackendStart.Name.layerShell.rawValue }
  private let feed: NowPlayingFeed
  /// The saved state, read when the windows are made (`play` takes the volume from it).
  public let stateKeeper: WindowStateKeeper
  private let options: WindowOptions
  private let config: AppConfig
  /// The wiring while `runMainLoop` runs (the desktop's Raise goes to it).
  @WindowLoop private var wiring: WindowWiring?
  /// The current track's path, shared with the player's thread.
  private let trackPath = Mutex<String?>(nil)
  /// The strip as the desktop sees and controls it (the tray, `lyricpip ctl`).
  public let stripState: StripDesktopState
  /// Lets the strip's desktop commands, posted to the loop, reach the wiring.
  private let relay: StripCommandRelay
  /// The online lookup, for the main window's picker (set by `play` once it is made).
  private let online = Mutex<(any LyricsPicking)?>(nil)
  /// Dropped files and folders as tracks (the app's queue rules).
  private let queueTracks: QueueTracksMaker

  /// `config`: the settings file with the flags over it. `queueTracks` expands files dropped
  /// on the main window; `queueToSave` is the queue the saved state keeps at exit.
  ///
  /// `windowsLater`: only the loop (SDL video, so a missing display fails here as before) and
  /// the saved state now; the windows themselves (the fonts, the pictures, both windows made
  /// hidden: tens of milliseconds) when `makeWindows` is called, after the sound has started.
  /// Taken only with the X11 strip, whose name in the `ready` event is known without making it;
  /// the native strip (which may fall back to X11, or leave the main window out) is made here.
  public init(
    options: WindowOptions, config: AppConfig, queueTracks: @escaping QueueTracksMaker,
    queueToSave: @escaping @Sendable (LyricsSession) -> SavedQueue?, windowsLater: Bool = false
  ) throws {
    self.options = options
    self.config = config
    self.queueTracks = queueTracks
    let environment = ProcessInfo.processInfo.environment
    let choice = try StripBackendStart.choose(config: config, environment: environment)
    let later = windowsLater && StripBackendStart.stripNeedsVideo(choice)
    // The one thing a window made later would fail on that the user can mend: said now, with
    // no sound made yet, as when the windows were made here.
    if later { try PlaceholderPictureError.check(path: config.strip.placeholderPath) }
    var startedLoop: SDLEventLoop?
    var mainUnavailable: String?
    (startedLoop, mainUnavailable) = try Self.startLoop(choice: choice, options: options)
    var madeMain: MainWindow?
    if !later, !options.followsPlayer, mainUnavailable == nil {
      do {
        madeMain = try Self.makeMainWindow(on: startedLoop, config: config)
      } catch let failure where options.pip && !StripBackendStart.stripNeedsVideo(choice) {
        // SDL opened a display but cannot draw a window there (its own Wayland driver has no
        // software renderer): the native strip alone, on a loop without SDL video (the old
        // one, released here, ends it).
        mainUnavailable = "\(failure)"
        // Released first: its end quits SDL_ttf, which the next loop starts again.
        startedLoop = nil
        startedLoop = try SDLEventLoop(clock: SystemClock(), video: false)
      }
    }
    guard let loop = startedLoop else { throw SurfaceError("the window loop did not start") }
    self.loop = loop
    self.choice = choice
    let stateKeeper = WindowStateKeeper(queueToSave: queueToSave)
    self.stateKeeper = stateKeeper
    if later {
      stripBackendName = StripBackendStart.Name.x11.rawValue
    } else {
      // This (main) thread made the loop, so it is the window loop's thread.
      let made = try WindowLoop.assumeIsolated {
        try Self.makeWindows(
          loop: loop, choice: choice, config: config, main: madeMain, stateKeeper: stateKeeper)
      }
      if let mainUnavailable {
        printError("the main window is unavailable (\(mainUnavailable)); the lyric strip only")
      }
      windows = (made.strip, made.main)
      layerShell = made.layerShell
      stripBackendName = made.name.rawValue
    }
    feed = NowPlayingFeed(loop: loop, offsetMs: options.offsetMs)
    // The settings file decides when it says; else the strip is as the user left it.
    let mailbox = loop.mailbox
    let relay = WindowLoop.assumeIsolated { StripCommandRelay() }
    self.relay = relay
    stripState = StripDesktopState(locked: config.locked ?? stateKeeper.stripLocked ?? false) {
      command in
      mailbox.post { _ in relay.wiring?.perform(command) }
    }
  }

  /// On the thread that made this presenter (the main thread, the loop's), before
  /// `runMainLoop`: makes the windows `init` left for later (`windowsLater`); does nothing when
  /// they are made. What the session told the presenter meanwhile waits in the loop's mailbox
  /// and feed, which the windows read from their first frame. Throws as `init` would have.
  public func makeWindows() throws {
    try WindowLoop.assumeIsolated {
      guard self.windows == nil else { return }
      let made = try Self.makeWindows(
        loop: self.loop, choice: self.choice, config: self.config,
        main: self.options.followsPlayer
          ? nil : try Self.makeMainWindow(on: self.loop, config: self.config),
        stateKeeper: self.stateKeeper)
      self.windows = (made.strip, made.main)
      self.layerShell = made.layerShell
    }
  }

  /// The strip on `choice`'s backend beside the main window made before (`main`), both placed
  /// where they were at the last exit, hidden.
  @WindowLoop private static func makeWindows(
    loop: SDLEventLoop, choice: StripBackendChoice, config: AppConfig, main: MainWindow?,
    stateKeeper: WindowStateKeeper
  ) throws -> (
    strip: FloatingWindow, main: MainWindow?, layerShell: LayerShellStrip?,
    name: StripBackendStart.Name
  ) {
    let start = try StripBackendStart.make(
      loop: loop, choice: choice, config: config,
      environment: ProcessInfo.processInfo.environment,
      warn: { printError("warning: \($0)") })
    let strip = start.strip
    // Both made ahead, hidden: entering the strip later only shows it.
    try strip.prepare()
    // The strip opens on the main window's monitor, at the desktop's scale.
    strip.mainWindowFrame = { [weak main] in main?.frame }
    strip.useScale(setting: config.scale)
    strip.fadesOnHover = config.fadeOnHover
    stateKeeper.placeWindows(strip: strip, main: main)
    // The strip and the main window resolve the same family: one warning is enough.
    for warning in Set(strip.warnings + (main?.warnings ?? [])).sorted() {
      printError("warning: \(warning)")
    }
    StartupTrace.mark("windows made")
    return (strip: strip, main: main, layerShell: start.layerShell, name: start.name)
  }

  /// The window loop, with SDL video only where an SDL window is needed: `follow` on the
  /// native strip has none; `play --pip` on it goes on without the main window when SDL
  /// cannot open a display (no `DISPLAY` nor `WAYLAND_DISPLAY` for it), and says why (the
  /// second value). Any other run without a
  /// display fails with `NoDisplayError` (exit 69).
  private static func startLoop(choice: StripBackendChoice, options: WindowOptions) throws -> (
    SDLEventLoop, String?
  ) {
    let native = !StripBackendStart.stripNeedsVideo(choice)
    if native && options.followsPlayer {
      return (try SDLEventLoop(clock: SystemClock(), video: false), nil)
    }
    do {
      return (try SDLEventLoop(clock: SystemClock()), nil)
    } catch let error as NoDisplayError where native && options.pip {
      return (try SDLEventLoop(clock: SystemClock(), video: false), error.detail)
    }
  }

  /// The main window, made ahead and hidden (its renderer included), on `loop`'s thread.
  private static func makeMainWindow(on loop: SDLEventLoop?, config: AppConfig) throws
    -> MainWindow?
  {
    guard let loop else { return nil }
    return try WindowLoop.assumeIsolated {
      let main = try MainWindow(loop: loop, fontFamily: config.strip.fontFamily)
      try main.prepare()
      return main
    }
  }

  deinit {
    windows = nil
    layerShell = nil
  }

  /// SDL's video driver (`x11`, also under XWayland; `wayland`), for the `ready` event.
  public var videoDriver: String { loop.videoDriver }

  /// Any thread: brings the main window to the front (the desktop's Raise), on the loop.
  public func raiseMainWindow() {
    loop.mailbox.post { [weak self] _ in self?.wiring?.raiseMain() }
  }

  /// Any thread (SIGHUP's): the settings read again, with the flags over them, for the windows,
  /// which take them on the loop (`WindowWiring.applyLive`).
  public func applySettings(_ config: AppConfig) {
    loop.mailbox.post { [weak self] _ in self?.wiring?.applyLive(config) }
  }

  /// Any thread: quits as closing the main window would (the desktop's Quit).
  public func quit() {
    loop.mailbox.stop()
  }

  /// Any thread: saves where playback stands, keeping the windows' saved places (the display
  /// went away, so they cannot be asked).
  public func saveStateWithoutWindows(session: LyricsSession) {
    stateKeeper.save(playbackOf: session, followsPlayer: options.followsPlayer)
  }

  /// Where to start `path` when no `--start` was given: where it was left at the last exit.
  public func resumePositionMs(forTrack path: String) -> Int? {
    stateKeeper.resumePositionMs(forTrack: path)
  }
  public var currentTrackPath: String? { trackPath.withLock { $0 } }

  /// The live offset change the user made to `path` last time (the saved state), which the
  /// track gets back on top of `--offset`.
  public func savedOffsetMs(forTrack path: String) -> Int {
    stateKeeper.offsetMs(forTrack: path)
  }

  /// The lookup the picker asks; the user's choices are read from the saved state.
  public func useLookup(_ provider: any LyricsPicking) {
    online.withLock { $0 = provider }
    let keeper = stateKeeper
    provider.readChoices { keeper.lyricsChoice(forTrack: $0) }
  }

  /// Shows each cover `covers` finds in the main window: decoded on the cover thread, so the
  /// window loop only makes a texture of it.
  public func showCovers(from covers: CoverArtFeed) {
    let mailbox = loop.mailbox
    covers.addListener { picture in
      guard let picture else { return mailbox.setCover(nil) }
      do {
        mailbox.setCover(try CoverImage.decode(picture.bytes))
      } catch {
        printError("warning: the cover of this track could not be decoded: \(error)")
        mailbox.setCover(nil)
      }
    }
  }

  // MARK: - LyricsPresenter (player and clock threads)

  public func lyricsStatusChanged(_ status: LyricsStatus) {
    loop.mailbox.setStatus(status)
  }

  public func trackChanged(_ info: TrackInfo, lyrics: Lyrics) {
    trackPath.withLock { $0 = info.path }
    loop.mailbox.setLyrics(lyrics)
    feed.trackChanged(info, lyrics: lyrics)
    // A followed player's lyrics come after its track (a lookup): the strip may show now.
    if options.followsPlayer {
      loop.mailbox.post { [weak self] _ in self?.wiring?.followPlayback() }
    }
  }

  /// The session's display clock (every play, pause, seek, offset change and line change): the
  /// windows read the lyrics' time from it at each frame.
  public func clockChanged(_ clock: DisplayClock) {
    feed.clockChanged(clock)
  }

  public func show(_ display: LyricsDisplay, presented: @escaping @Sendable (Double?) -> Void) {
    let line = display.lineIndex
    let lineChanged = display.lineChanged
    loop.mailbox.post { loop in
      // The `line` event is written once a frame showing the line was presented, with the
      // instant it was: the window keeps its own clock and may have put the line up before
      // this post reached it (a wake-up that goes through the X server, late on a busy machine).
      if lineChanged {
        loop.whenLinePresented(line) { seconds in presented(seconds) }
      } else {
        presented(nil)
      }
    }
  }

  public func stateChanged(_ state: PlayerState, positionNanos: Int64) {}

  /// The last track ended: the windows stay unless the run quits at the end.
  public func finish() {
    if options.quitsAtEnd { loop.mailbox.stop() }
  }

  // MARK: - The window loop

  /// Runs the window loop on the main thread, which SDL started on, until the user quits (or
  /// the queue ends with `quitsAtEnd`); returns then.
  public func runMainLoop(session: LyricsSession, quitsAtEnd: Bool) {
    if quitsAtEnd && session.engine.state == .ended { return }
    // Called on the main thread, which runs the window loop.
    WindowLoop.assumeIsolated {
      guard let (strip, main) = self.windows else { return }
      let wiring = WindowWiring(
        loop: self.loop, strip: strip, main: main, feed: self.feed, stateKeeper: self.stateKeeper,
        session: session, options: self.options, config: self.config, presenter: self,
        stripState: self.stripState, queueTracks: self.queueTracks)
      let choosing = self.online.withLock { $0 }.flatMap { provider in
        main.map { main in
          LyricsChoosing(
            loop: self.loop, main: main, session: session, provider: provider,
            stateKeeper: self.stateKeeper)
        }
      }
      wiring.choosing = choosing
      self.wiring = wiring
      self.relay.wiring = wiring
      wiring.run()
      if ProcessInfo.processInfo.environment["LYRICPIP_STRIP_STATS"] != nil {
        printError(
          "strip: \(strip.framesPresented) frames presented, \(strip.shapeBuilds) shapes made, "
            + "\(self.loop.wakes) loop wakes")
      }
      self.relay.wiring = nil
      self.wiring = nil
    }
  }
}

/// The wiring of the running loop, for the strip's commands that the bus posts there.
@WindowLoop private final class StripCommandRelay {
  weak var wiring: WindowWiring?
}
