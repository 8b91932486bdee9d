import LyricsCore
import Playback
import Session
import Surface

/// The SDL windows as the front end of `play`: the main window, or the floating strip with
/// `--pip`. It feeds the windows plain values (`NowPlaying`, `Lyrics`) through the loop's
/// mailbox from any thread, and turns the windows' intents into player calls.
///
/// Threads: created on the main thread (SDL starts there) and `runMainLoop` runs the window loop
/// on it; the windows are touched only there (in `runMainLoop` and in closures posted to the
/// loop). The other methods are called from the player's and the clock's threads and only post.
final class WindowPresenter: MainThreadPresenter, @unchecked Sendable {
  private let loop: SDLEventLoop
  private let mailbox: SurfaceMailbox
  private let strip: FloatingWindow
  private let main: MainWindow
  private let startInStrip: Bool
  // Guarded by `lock`: what the windows were last told, and whether the end quits.
  private let lock = Mutex()
  private var nowPlaying = NowPlaying()
  private var quitsAtEnd = false

  init(options: PlayOptions) throws {
    loop = try SDLEventLoop(clock: SystemClock())
    mailbox = loop.mailbox
    strip = try FloatingWindow(loop: loop, settings: StripSettings())
    main = try MainWindow(loop: loop)
    try strip.prepare()
    try main.prepare()
    startInStrip = options.pip
    nowPlaying.offsetMs = options.offsetMs
    for warning in strip.warnings + main.warnings { printError("warning: \(warning)") }
  }

  func trackChanged(_ info: TrackInfo, lyrics: Lyrics) {
    let state = lock.withLock {
      nowPlaying.title = info.title ?? lyrics.title ?? info.path
      nowPlaying.artist = info.artist ?? lyrics.artist ?? ""
      nowPlaying.durationMs = info.durationNanos.map { Int($0 / 1_000_000) }
      return nowPlaying
    }
    mailbox.setLyrics(lyrics)
    mailbox.update(state)
  }

  func show(_ display: LyricsDisplay, presented: @escaping @Sendable () -> Void) {
    // Each change carries the heard position: it keeps the windows' own clock in step.
    let state = moved(toNanos: display.heardNanos, playing: nil)
    let line = display.lineIndex
    let lineChanged = display.lineChanged
    mailbox.post { loop in
      loop.model.nowPlaying = state
      if lineChanged {
        loop.whenLinePresented(line) { _ in presented() }
      } else {
        presented()
      }
    }
  }

  func stateChanged(_ state: PlayerState, positionNanos: Int64) {
    mailbox.update(moved(toNanos: positionNanos, playing: state == .playing))
    if state == .ended, lock.withLock({ quitsAtEnd }) { mailbox.stop() }
  }

  func finish() { mailbox.stop() }

  func runMainLoop(session: PlaySession, quitsAtEnd: Bool) {
    lock.withLock { self.quitsAtEnd = quitsAtEnd }
    let act: (SurfaceIntent) -> Void = { [weak self] intent in
      self?.perform(intent, session: session)
    }
    strip.onIntent = act
    main.onIntent = act
    strip.onEvent = { [weak self] event in self?.stripEvent(event) }
    loop.onQuit = { [mailbox] in mailbox.stop() }
    do {
      if startInStrip { try strip.show() } else { try main.show() }
    } catch {
      printError("cannot show the window: \(error)")
      return
    }
    loop.run()
    strip.hide()
  }

  /// The position now, from a heard position taken just now.
  private func moved(toNanos nanos: Int64, playing: Bool?) -> NowPlaying {
    lock.withLock {
      nowPlaying.positionMs = Int(nanos / 1_000_000)
      nowPlaying.atNanos = SystemClock.monotonicNanos()
      if let playing { nowPlaying.isPlaying = playing }
      return nowPlaying
    }
  }

  private func perform(_ intent: SurfaceIntent, session: PlaySession) {
    let player = session.player
    switch intent {
    case .togglePlayPause:
      if player.state == .playing { player.pause() } else { player.play() }
    case .seekBy(let ms):
      let target = max(0, player.heardPosition().nanos + Int64(ms) * 1_000_000)
      player.seek(toNanos: target)
    case .seekTo(let ms):
      player.seek(toNanos: Int64(max(0, ms)) * 1_000_000)
    case .adjustOffset(let ms):
      session.scheduler.offsetMs += ms
      let state = lock.withLock {
        nowPlaying.offsetMs = session.scheduler.offsetMs
        return nowPlaying
      }
      mailbox.update(state)
    case .nextTrack: player.next()
    case .previousTrack: player.previous()
    case .showStrip:
      try? strip.show()
    case .quit:
      mailbox.stop()
    }
  }

  /// Without the session manager: restore shows the main window, close hides the strip (and
  /// quits when the main window was never shown).
  private func stripEvent(_ event: SurfaceEvent) {
    switch event {
    case .stripRestoreRequested:
      strip.hide()
      try? main.show()
      main.restore(scrolledTo: -1)
    case .stripCloseRequested:
      strip.hide()
      if startInStrip, !main.hasFocus { try? main.show() }
    default:
      break
    }
  }
}
