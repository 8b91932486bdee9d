import Locking
import SystemSupport

/// A descriptor the window loop answers when it becomes readable, without blocking on it and
/// without polling it in a busy loop: a reader thread waits in `poll` on the descriptor (and on a
/// pipe that ends the watch), and when it is readable posts `onReadable` to the loop (which wakes
/// it like any post) and waits until the loop has run it before it polls again: the loop reads
/// what came, so the descriptor is not readable again until something new arrives. For a second
/// connection the loop does not own (the native Wayland strip's). `stop()` (or the watch's end)
/// ends the thread.
///
/// With a `LoopFileReader`, the thread reads the descriptor itself (a Wayland connection's
/// events into its queues) and tells the loop only when the reader says the loop has something
/// to do; the loop is then not woken for what the reader keeps for later.
public final class LoopFileWatch: Sendable {
  private struct State {
    /// The loop has run the last `onReadable` posted: the thread may poll again.
    var handled = true
    var stopped = false
  }

  public let fileDescriptor: Int32
  private let state = Mutex(State())
  private let handledCondition = Condition()
  private let stopPipe: WakePipe

  private let reader: (any LoopFileReader)?
  /// How many times the loop was told (`onReadable` posted), for a test.
  private let posts = Atomic<Int>(0)

  init?(
    fileDescriptor: Int32, reader: (any LoopFileReader)? = nil, mailbox: SurfaceMailbox,
    onReadable: @escaping @WindowLoop @Sendable () -> Void
  ) {
    guard let stopPipe = WakePipe() else { return nil }
    self.fileDescriptor = fileDescriptor
    self.reader = reader
    self.stopPipe = stopPipe
    let started = DetachedThread.start(name: "lyricpip-fdwatch") { [self] in
      run(mailbox: mailbox, onReadable: onReadable)
    }
    guard started else { return nil }
  }

  /// How many times `onReadable` was posted to the loop so far.
  public var postsMade: Int { posts.load(ordering: .relaxed) }

  /// Ends the watch; `onReadable` is not posted again. Any thread.
  public func stop() {
    handledCondition.withLock {
      state.withLock { $0.stopped = true }
      handledCondition.broadcast()
    }
    stopPipe.signal()
  }

  public var isStopped: Bool { state.withLock { $0.stopped } }

  private func run(mailbox: SurfaceMailbox, onReadable: @escaping @WindowLoop @Sendable () -> Void)
  {
    while !isStopped {
      // Something the loop is to handle is there already: no poll until it has.
      if let reader, !reader.prepare() {
        tellLoop(mailbox: mailbox, onReadable: onReadable)
        continue
      }
      var descriptors = [
        PollDescriptor(fd: fileDescriptor, events: Poll.readable),
        PollDescriptor(fd: stopPipe.fd, events: Poll.readable),
      ]
      guard case .success(let ready) = Poll.wait(&descriptors, timeoutMs: -1) else {
        reader?.cancel()
        return
      }
      let returned = descriptors[0].returned
      if ready == 0 || descriptors[1].returned != 0 || isStopped
        || returned & (Poll.readable | Poll.hungUpOrFailed) == 0
      {
        reader?.cancel()
        if ready == 0 { continue }  // a signal: poll again
        if descriptors[1].returned != 0 || isStopped { return }
        continue
      }
      // A reader has read what came: the loop is told only when the reader says so.
      if let reader, !reader.read(), returned & Poll.hungUpOrFailed == 0 { continue }
      tellLoop(mailbox: mailbox, onReadable: onReadable)
      // A descriptor that hung up stays readable: the loop was told once; it stops the watch.
      if returned & Poll.hungUpOrFailed != 0 { return }
    }
  }

  /// Posts `onReadable` to the loop and waits until the loop has run it (it reads what came,
  /// so the descriptor is not readable again until something new arrives).
  private func tellLoop(
    mailbox: SurfaceMailbox, onReadable: @escaping @WindowLoop @Sendable () -> Void
  ) {
    handledCondition.withLock { state.withLock { $0.handled = false } }
    posts.add(1, ordering: .relaxed)
    mailbox.post { [self] _ in
      if !isStopped { onReadable() }
      handledCondition.withLock {
        state.withLock { $0.handled = true }
        handledCondition.broadcast()
      }
    }
    handledCondition.withLock {
      while !state.withLock({ $0.handled || $0.stopped }) { handledCondition.wait() }
    }
  }
}

/// What a `LoopFileWatch` thread reads itself: its descriptor's data goes into queues of the
/// reader's (a Wayland connection's), and the loop is told only of what it has to handle now.
/// Called on the watch's thread only.
public protocol LoopFileReader: Sendable {
  /// Before each poll: true when the reader is ready to read; false when something is there
  /// for the loop already (the loop is told, and nothing is polled).
  func prepare() -> Bool
  /// The poll ended without the descriptor readable: the read `prepare` readied is given up.
  func cancel()
  /// The descriptor is readable: reads what came; whether the loop is to be told.
  func read() -> Bool
}

extension SDLEventLoop {
  /// Runs `onReadable` on the loop whenever `fileDescriptor` has something to read (see
  /// `LoopFileWatch`; with `reader`, whenever the reader says so); nil when no thread or pipe
  /// could be had.
  public func watch(
    fileDescriptor: Int32, reader: (any LoopFileReader)? = nil,
    onReadable: @escaping @WindowLoop @Sendable () -> Void
  ) -> LoopFileWatch? {
    LoopFileWatch(
      fileDescriptor: fileDescriptor, reader: reader, mailbox: mailbox, onReadable: onReadable)
  }
}
