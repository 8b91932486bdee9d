import Locking
import LyricsCore
import PlayerContract
import SystemSupport

/// The one way into the window loop from other threads (the player, the scheduler, the session's
/// clock). Work is queued and the loop is woken (`LoopWake`: an SDL user event, or a pipe when
/// the loop runs without SDL video); it runs on the loop
/// thread after the events at hand, in the order it was posted. The `WindowLoop` actor's jobs
/// come through the same queue. Thread-safe.
public final class SurfaceMailbox: Sendable {
  /// Something for the loop thread to run.
  enum Work: Sendable {
    case posted(@WindowLoop @Sendable (SDLEventLoop) -> Void)
    case job(UnownedJob)
  }

  private struct State {
    var queue: [Work] = []
    var stopRequested = false
  }

  private let state = Mutex(State())
  let wake: LoopWake
  private let loopThread: ThreadIdentity

  /// Made by `SDLEventLoop` on its thread.
  init(wake: LoopWake) {
    self.wake = wake
    loopThread = .current
  }

  /// Runs `work` on the loop thread, soon.
  public func post(_ work: @escaping @WindowLoop @Sendable (SDLEventLoop) -> Void) {
    append(.posted(work))
  }

  /// Shows a new playing state (coalescing is not needed: the loop draws at most once per wake).
  public func update(_ nowPlaying: NowPlaying) {
    post { $0.model.nowPlaying = nowPlaying }
  }

  /// Shows new lyrics (nil: none for this track).
  public func setLyrics(_ lyrics: Lyrics?) {
    post { $0.model.setLyrics(lyrics) }
  }

  /// Shows the queue (the main window's queue view).
  public func setQueue(_ rows: [QueueRow], current: Int?) {
    post { $0.model.setQueue(rows, current: current) }
  }

  /// Shows where the lyrics came from, or why there are none.
  public func setStatus(_ status: LyricsStatus) {
    post { $0.model.setStatus(status) }
  }

  /// Shows the current track's cover in the main window (nil: none). Decode it before, off the
  /// loop's thread (`CoverImage.decode`); the loop only makes a texture of it.
  public func setCover(_ cover: CoverImage?) {
    post { $0.model.setCover(cover) }
  }

  /// Asks `SDLEventLoop.run()` to return.
  public func stop() {
    state.withLock { $0.stopRequested = true }
    wake.wake()
  }

  public var isStopped: Bool { state.withLock { $0.stopRequested } }

  /// Whether the caller is on the loop thread.
  public var isLoopThread: Bool { loopThread.isCurrent }

  /// A job of the `WindowLoop` actor.
  func enqueue(_ job: UnownedJob) { append(.job(job)) }

  func takeQueued() -> [Work] {
    state.withLock { state in
      let work = state.queue
      state.queue.removeAll()
      return work
    }
  }

  private func append(_ work: Work) {
    state.withLock { $0.queue.append(work) }
    // Outside the lock: SDL's event queue has a lock of its own.
    wake.wake()
  }
}
