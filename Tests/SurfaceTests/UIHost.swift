import Clocks
import Foundation
import Locking
import LyricsCore
import Session
import Surface
import TestSupport

/// Runs the window loop on a thread of its own for the whole test process, as the app runs it on
/// the main thread (Swift Testing runs tests off the main thread; SDL's X11 driver accepts any
/// one thread used consistently). Tests reach the loop with `sync`, which runs a `@WindowLoop`
/// closure on that thread and waits for its result.
final class UIHost: Sendable {
  let mailbox: SurfaceMailbox
  /// Time moves only when a test says so, so a paused or advanced position draws the same
  /// picture every run.
  let clock: ManualClock

  private init(clock: ManualClock) throws {
    self.clock = clock
    let started = Handoff<SurfaceMailbox>()
    let thread = Thread {
      do {
        let loop = try SDLEventLoop(clock: clock)
        started.put(.success(loop.mailbox))
        // This thread made the loop: it is the window loop's thread from now on.
        WindowLoop.assumeIsolated { loop.run() }
      } catch {
        started.put(.failure(error))
      }
    }
    thread.name = "sdl-loop"
    thread.start()
    mailbox = try started.take().get()
  }

  private static let started = Result { try UIHost(clock: ManualClock(startNanos: 1_000_000_000)) }

  /// The one host; the loop starts on first use.
  static func shared() throws -> UIHost { try started.get() }

  /// Runs `body` on the loop thread and waits for its result (the tests are synchronous; the
  /// shipped code never waits for the loop like this).
  func sync<T: Sendable>(_ body: @escaping @WindowLoop @Sendable (SDLEventLoop) throws -> T)
    throws -> T
  {
    guard !mailbox.isStopped else { throw SurfaceError("the window loop has stopped") }
    let result = Handoff<T>()
    mailbox.post { loop in result.put(Result { try body(loop) }) }
    return try result.take().get()
  }

  /// What the strip suites start from: `lyrics` on the loop, where `nowPlaying` (given the
  /// clock's time) says, and the strip `name` shown (made with `settings` the first time, see
  /// `UIState.strip`); its X window. `before` runs on the loop first (hiding other strips).
  func showStrip(
    _ name: String, lyrics: Lyrics = SampleLyrics.lyrics, settings: StripSettings,
    before: @escaping @WindowLoop @Sendable () -> Void = {},
    at nowPlaying: @escaping @Sendable (_ clockNanos: Int64) -> NowPlaying
  ) throws -> UInt {
    let now = clock.nowNanos
    return try sync { loop in
      loop.model.setLyrics(lyrics)
      loop.model.nowPlaying = nowPlaying(now)
      before()
      return try UIState.show(UIState.strip(name, loop: loop, settings: settings))
    }
  }

  /// Polls `condition` (run on the loop thread) until it holds or `seconds` pass: the window
  /// system answers asynchronously, so tests wait for what a person would wait for.
  func wait(
    seconds: Double = 5,
    until condition: @escaping @WindowLoop @Sendable (SDLEventLoop) throws -> Bool
  ) throws -> Bool {
    try poll(timeout: seconds) { try sync(condition) }
  }
}

/// One result handed from the loop thread to the waiting test.
private final class Handoff<T: Sendable>: Sendable {
  private let result = Mutex<Result<T, any Error>?>(nil)
  private let ready = DispatchSemaphore(value: 0)

  func put(_ value: Result<T, any Error>) {
    result.withLock { $0 = value }
    ready.signal()
  }

  func take() -> Result<T, any Error> {
    ready.wait()
    return result.withLock { $0 } ?? .failure(SurfaceError("no result"))
  }
}

/// Windows and what they reported, kept between `sync` calls.
@WindowLoop enum UIState {
  static var strips: [String: FloatingWindow] = [:]
  static var mains: [String: MainWindow] = [:]
  static var events: [String: [SurfaceEvent]] = [:]
  static var intents: [String: [SurfaceIntent]] = [:]

  /// The strip named `name`: made (with `settings`) and prepared the first time, the same window
  /// after that; what it reports is kept under its name.
  static func strip(
    _ name: String, loop: SDLEventLoop, settings: @autoclosure () -> StripSettings
  ) throws -> FloatingWindow {
    if let existing = strips[name] { return existing }
    let strip = try FloatingWindow(loop: loop, settings: settings())
    strip.onEvent = { events[name, default: []].append($0) }
    strip.onIntent = { intents[name, default: []].append($0) }
    strips[name] = strip
    try strip.prepare()
    return strip
  }

  /// Shows `strip`; its X window.
  static func show(_ strip: FloatingWindow) throws -> UInt {
    try strip.show()
    guard let id = strip.x11WindowID else { throw SurfaceError("no X11 window") }
    return id
  }
}
