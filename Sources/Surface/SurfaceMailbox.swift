import Dispatch
import Glibc
import LyricsCore
import Session
import Synchronization

/// The one way into the window loop from other threads (the player, the scheduler, the session's
/// clock). Work is queued and the loop is woken with an SDL user event; it runs on the loop
/// thread after the events at hand. Thread-safe.
public final class SurfaceMailbox: @unchecked Sendable {
  private struct Inbox {
    var queue: [@Sendable (SDLEventLoop) -> Void] = []
    var stopRequested = false
  }
  private let inbox = Mutex(Inbox())
  private let wakeEventType: UInt32
  private let loopThread: pthread_t
  /// Read and written only on the loop thread.
  weak var loop: SDLEventLoop?

  init(wakeEventType: UInt32) {
    self.wakeEventType = wakeEventType
    loopThread = pthread_self()
  }

  /// Runs `work` on the loop thread, soon.
  public func post(_ work: @escaping @Sendable (SDLEventLoop) -> Void) {
    inbox.withLock { $0.queue.append(work) }
    SDL.pushWakeEvent(type: wakeEventType)
  }

  /// Shows a new playing state (coalescing is not needed: the loop draws at most once per wake).
  public func update(_ nowPlaying: NowPlaying) {
    post { $0.model.nowPlaying = nowPlaying }
  }

  /// Shows new lyrics (nil: none for this track).
  public func setLyrics(_ lyrics: Lyrics?) {
    post { $0.model.setLyrics(lyrics) }
  }

  /// Asks `SDLEventLoop.run()` to return.
  public func stop() {
    inbox.withLock { $0.stopRequested = true }
    SDL.pushWakeEvent(type: wakeEventType)
  }

  public var isStopped: Bool { inbox.withLock { $0.stopRequested } }

  /// Whether the caller is on the loop thread.
  public var isLoopThread: Bool { pthread_equal(pthread_self(), loopThread) != 0 }

  /// Runs `body` on the loop thread and waits for its result: inline when already there.
  /// The loop must be running (`run()`) on its thread, or this waits until it does.
  public func sync<T: Sendable>(_ body: @escaping @Sendable (SDLEventLoop) throws -> T) throws -> T
  {
    if isLoopThread, let loop { return try body(loop) }
    guard !isStopped else { throw SurfaceError("the window loop has stopped") }
    let box = ResultBox<T>()
    post { loop in box.set(Result { try body(loop) }) }
    return try box.wait().get()
  }

  func takeQueued() -> [@Sendable (SDLEventLoop) -> Void] {
    inbox.withLock {
      let work = $0.queue
      $0.queue.removeAll()
      return work
    }
  }
}

/// One result handed from the loop thread to a waiting thread.
private final class ResultBox<T: Sendable>: Sendable {
  /// Written once before `ready` is signalled.
  private let result = Mutex<Result<T, any Error>?>(nil)
  private let ready = DispatchSemaphore(value: 0)

  func set(_ value: Result<T, any Error>) {
    result.withLock { $0 = value }
    ready.signal()
  }

  func wait() -> Result<T, any Error> {
    ready.wait()
    return result.withLock { $0 } ?? .failure(SurfaceError("no result"))
  }
}
