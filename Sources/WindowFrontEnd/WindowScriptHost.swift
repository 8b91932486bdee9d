import FoundationEssentials
import Locking
import LyricsCore
import Playback
import PlayerContract
import Session
import Surface
import SyncScripts
import SystemSupport

/// The host of a real-clock run on a display: the SDL window loop on the main thread, the real
/// floating strip and main window (made ahead, hidden, as `play` makes them) fed with the track
/// and the heard position through `NowPlayingFeed`.
///
/// The windows' own focus and minimise events are not wired to the controller: the script's
/// actions are the only input, injected as the `SurfaceEvent`s the windows would report.
public final class WindowScriptHost: ScriptHost, Sendable {
  private let loop: SDLEventLoop
  /// Optional so that `deinit` lets the windows go before the loop: they close their fonts,
  /// which must happen while SDL_ttf is still up (the loop's deinit shuts it down). Behind a
  /// lock only because `deinit` changes it; the windows themselves are `@WindowLoop`.
  private let windows: Mutex<(floating: FloatingWindow, main: MainWindow)?>
  private let feed: NowPlayingFeed
  public let desktop: DesktopFacts

  // Stand-ins only once the windows are gone (the host going away).
  public var strip: FloatingSurface { windows.withLock { $0?.floating } ?? StandInStrip() }
  public var mainWindow: MainSurface { windows.withLock { $0?.main } ?? StandInMainWindow() }

  /// Starts SDL on the calling (main) thread; throws `NoDisplayError` without a display.
  public init() throws {
    let environment = ProcessInfo.processInfo.environment
    if let missing = SDLEventLoop.missingDisplay(environment: environment) { throw missing }
    let loop = try SDLEventLoop(clock: SystemClock())
    self.loop = loop
    // This (main) thread made the loop, so it is the window loop's thread.
    let made = try WindowLoop.assumeIsolated {
      let floating = try FloatingWindow(loop: loop)
      let main = try MainWindow(loop: loop)
      try floating.prepare()
      try main.prepare()
      return (floating: floating, main: main)
    }
    windows = Mutex(made)
    feed = NowPlayingFeed(loop: loop, offsetMs: 0)
    desktop = .from(environment: environment)
  }

  deinit {
    windows.withLock { $0 = nil }
  }

  /// Shows the main window, as `play` does at start; on the host's thread, the window loop's.
  public func showWindows() {
    let main = windows.withLock { $0?.main }
    WindowLoop.assumeIsolated {
      do { try main?.show() } catch {
        printError("warning: cannot show the main window: \(error)")
      }
    }
  }

  public func post(_ work: @escaping @Sendable () -> Void) {
    loop.mailbox.post { _ in work() }
  }

  public func whenLineShown(_ line: Int, _ action: @escaping @Sendable () -> Void) {
    loop.mailbox.post { loop in loop.whenLinePresented(line) { _ in action() } }
  }

  public func trackLoaded(_ info: TrackInfo, lyrics: Lyrics) {
    loop.mailbox.setLyrics(lyrics)
    feed.trackChanged(info, lyrics: lyrics)
  }

  public func clockChanged(_ clock: DisplayClock) { feed.clockChanged(clock) }

  /// On the main thread, which made the loop.
  public func run() { WindowLoop.assumeIsolated { loop.run() } }

  public func stop() { loop.mailbox.stop() }
}
