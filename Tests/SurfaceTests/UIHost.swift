import Clocks
import Foundation
import LyricsCore
import Session
import Surface
import TestSupport

/// Runs the window loop on a thread of its own for the whole test process, as the app runs it on
/// the main thread (Swift Testing runs tests off the main thread; SDL's X11 driver accepts any
/// one thread used consistently). Tests reach the loop with `sync`, which runs a closure on that
/// thread and waits for its result.
final class UIHost: @unchecked Sendable {
  let mailbox: SurfaceMailbox
  /// Time moves only when a test says so, so a paused or advanced position draws the same
  /// picture every run.
  let clock: ManualClock

  private init(clock: ManualClock) throws {
    self.clock = clock
    let started = DispatchSemaphore(value: 0)
    let box = StartBox()
    let thread = Thread {
      do {
        let loop = try SDLEventLoop(clock: clock)
        box.result = .success(loop.mailbox)
        started.signal()
        loop.run()
      } catch {
        box.result = .failure(error)
        started.signal()
      }
    }
    thread.name = "sdl-loop"
    thread.start()
    started.wait()
    mailbox = try (box.result ?? .failure(SurfaceError("loop did not start"))).get()
  }

  private static let started = Result { try UIHost(clock: ManualClock(startNanos: 1_000_000_000)) }

  /// The one host; the loop starts on first use.
  static func shared() throws -> UIHost { try started.get() }

  func sync<T: Sendable>(_ body: @escaping @Sendable (SDLEventLoop) throws -> T) throws -> T {
    try mailbox.sync(body)
  }

  /// Polls `condition` (run on the loop thread) until it holds or `seconds` pass: the window
  /// system answers asynchronously, so tests wait for what a person would wait for.
  func wait(
    seconds: Double = 5, until condition: @escaping @Sendable (SDLEventLoop) throws -> Bool
  ) throws -> Bool {
    try poll(timeout: seconds) { try sync(condition) }
  }
}

private final class StartBox: @unchecked Sendable {
  var result: Result<SurfaceMailbox, any Error>?
}

/// Windows and what they reported, kept between `sync` calls. Loop thread only.
enum UIState {
  nonisolated(unsafe) static var strips: [String: FloatingWindow] = [:]
  nonisolated(unsafe) static var mains: [String: MainWindow] = [:]
  nonisolated(unsafe) static var events: [String: [SurfaceEvent]] = [:]
  nonisolated(unsafe) static var intents: [String: [SurfaceIntent]] = [:]
}
